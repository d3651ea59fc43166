/* Defines what DefinedIdentities collects from an ELF image: a Swift module (the nominal type
 * descriptor of Alamofire.Session, which names it, and two other symbols of module Alamofire,
 * which do not count alone; a standard substitution that names no module) and an Objective-C
 * class (ELF spells it without Mach-O's leading underscore). The names are our own stand-ins. */
void alamofire_session_start(void) __asm__("$s9Alamofire7SessionC5startyyF");
void alamofire_session_start(void) {}
void alamofire_task(void) __asm__("$s9Alamofire4TaskVMa");
void alamofire_task(void) {}
void imported_type(void) __asm__("$sSo8NSObjectCMa");
void imported_type(void) {}
int gtm_logger_class __asm__("OBJC_CLASS_$_GTMLogger") = 1;
const char alamofire_session_descriptor[16] __asm__("$s9Alamofire7SessionCMn") = {0};
