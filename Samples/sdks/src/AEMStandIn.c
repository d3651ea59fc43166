/* The binary of Renamed.xcframework: a copy of FBAEMKit.xcframework under another folder name.
 * Its framework keeps FBAEMKit's name, install name (@rpath/FBAEMKit.framework/FBAEMKit) and
 * bundle identifier (com.facebook.sdk.FBAEMKit), which identify the listed SDK whatever the folder
 * is called. Our own stand-in code; no manifest, no signature. */
int aem_standin_version(void) { return 1; }
