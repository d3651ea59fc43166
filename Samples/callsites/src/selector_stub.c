/* Call-site fixture: a message send written as Xcode 14+ clang emits it, a call to the
 * `_objc_msgSend$systemUptime` selector stub (asm label; upstream clang has no switch for it).
 * The linker turns it into an __objc_stubs entry that loads the __objc_selrefs slot. */
typedef struct objc_object *id;

double send_systemUptime(id receiver, void *unused) __asm__("_objc_msgSend$systemUptime");

double stub_uptime(id processInfo) { return send_systemUptime(processInfo, 0); }
