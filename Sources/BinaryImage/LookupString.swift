/// A whole C string of an image that imports a dynamic-lookup function (`dlsym`,
/// `NSClassFromString`, `NSSelectorFromString`, `objc_getClass`, …): a name the code may look
/// up at run time without importing it. Only identifier-like strings are kept.
package struct LookupString: Sendable, Hashable {
  /// The string sections a lookup name is read from.
  package enum Section: String, Sendable, Hashable {
    /// `__TEXT,__cstring`.
    case cString = "__cstring"
    /// `__TEXT,__objc_methname`.
    case methodName = "__objc_methname"
    /// `__TEXT,__objc_classname`.
    case className = "__objc_classname"
    /// `__DATA,__cfstring` (an `NSString` literal's C string).
    case cfString = "__cfstring"
  }

  /// The string, in the image's `NameTable`.
  package var name: NameRef
  /// Where it was found.
  package var section: Section

  /// Creates a lookup string.
  package init(name: NameRef, section: Section) {
    self.name = name
    self.section = section
  }

  /// The Mach-O names of the dynamic-lookup functions whose import makes a reader collect an
  /// image's lookup strings (an `ImportFilter` must keep them for that to happen).
  package static let lookupFunctionNames = [
    "_dlsym", "_NSClassFromString", "_NSSelectorFromString", "_NSProtocolFromString", "_objc_getClass",
    "_objc_lookUpClass", "_objc_getRequiredClass", "_sel_registerName", "_sel_getUid",
    "_CFBundleGetFunctionPointerForName",
  ]
}
