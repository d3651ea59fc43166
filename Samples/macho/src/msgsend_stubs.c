/* Selector-stub imports as Xcode 14+ clang emits them for arm64: each message send is a call
 * to an undefined `_objc_msgSend$<selector>` symbol, and the object has no __objc_selrefs
 * entry of its own (the linker synthesizes the stub, the selref and the methname string).
 * The toolchain's upstream clang 21 has no switch for this, so the calls are written with
 * asm labels: the object gets exactly the undefined symbols Apple clang would emit. */
typedef struct objc_object *id;

extern char NSProcessInfoClass __asm__("_OBJC_CLASS_$_NSProcessInfo");
extern char NSUserDefaultsClass __asm__("_OBJC_CLASS_$_NSUserDefaults");

id send_processInfo(void *receiver, void *unused) __asm__("_objc_msgSend$processInfo");
double send_systemUptime(id receiver, void *unused) __asm__("_objc_msgSend$systemUptime");
id send_standardUserDefaults(void *receiver, void *unused)
    __asm__("_objc_msgSend$standardUserDefaults");
id send_objectForKey(id receiver, void *unused, id key) __asm__("_objc_msgSend$objectForKey:");

double fixture_stub_uptime(void) {
  return send_systemUptime(send_processInfo(&NSProcessInfoClass, 0), 0);
}

id fixture_stub_defaults(id key) {
  return send_objectForKey(send_standardUserDefaults(&NSUserDefaultsClass, 0), 0, key);
}
