/* StaticKit: a static library whose objects call Objective-C through Xcode 14+ style
 * selector stubs (undefined _objc_msgSend$<selector>, no __objc_selrefs in the object),
 * written with asm labels because this clang has no switch for them.
 *   SystemBootTime - _objc_msgSend$systemUptime   (35F9.1)
 *   UserDefaults   - _OBJC_CLASS_$_NSUserDefaults + _objc_msgSend$standardUserDefaults (CA92.1)
 *   FileTimestamp  - _fstat                       (C617.1) */
typedef struct objc_object *id;

int fstat(int fd, void *buf);

extern char NSProcessInfoClass __asm__("_OBJC_CLASS_$_NSProcessInfo");
extern char NSUserDefaultsClass __asm__("_OBJC_CLASS_$_NSUserDefaults");

id send_processInfo(void *receiver, void *unused) __asm__("_objc_msgSend$processInfo");
double send_systemUptime(id receiver, void *unused) __asm__("_objc_msgSend$systemUptime");
id send_standardUserDefaults(void *receiver, void *unused)
    __asm__("_objc_msgSend$standardUserDefaults");
id send_objectForKey(id receiver, void *unused, id key) __asm__("_objc_msgSend$objectForKey:");

double statickit_uptime(void) {
  return send_systemUptime(send_processInfo(&NSProcessInfoClass, 0), 0);
}

id statickit_setting(id key) {
  return send_objectForKey(send_standardUserDefaults(&NSUserDefaultsClass, 0), 0, key);
}
