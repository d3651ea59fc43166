import BinaryImage
import Testing

/// How a reviewer and a policy name a linked library: its framework folder or file name, and that
/// name up to its first dot.
@Suite struct LinkedLibraryTests {
  @Test(arguments: [
    ("/System/Library/Frameworks/AdSupport.framework/AdSupport", "AdSupport.framework", "AdSupport"),
    ("/System/Library/Frameworks/Foo.framework/Versions/A/Foo", "Foo.framework", "Foo"),
    ("@rpath/Vendor.framework/Vendor", "Vendor.framework", "Vendor"),
    ("/usr/lib/libsqlite3.dylib", "libsqlite3.dylib", "libsqlite3"),
    ("/usr/lib/libSystem.B.dylib", "libSystem.B.dylib", "libSystem"),
    ("libc.so.6", "libc.so.6", "libc"),
    ("/", "/", "/"),
  ])
  func fileAndBareNames(name: String, fileName: String, bareName: String) {
    let library = LinkedLibrary(name: name)
    #expect(library.fileName == fileName)
    #expect(library.bareName == bareName)
    #expect(library.isNamed(name) && library.isNamed(fileName) && library.isNamed(bareName))
  }

  @Test func theKindReadsAfterTheNameUnlessNormal() {
    #expect(LinkedLibrary(name: "libz.dylib").kindSuffix == "")
    #expect(LinkedLibrary(name: "libz.dylib", kind: .weak).kindSuffix == " (weak)")
    #expect(LinkedLibrary(name: "libz.dylib", kind: .reexport).kindSuffix == " (reexport)")
  }

  @Test func otherNamesDoNotMatch() {
    let library = LinkedLibrary(name: "/System/Library/Frameworks/AdSupport.framework/AdSupport")
    for other in [
      "adsupport", "AdSupport.dylib", "Frameworks", "AdSupport.framework/AdSupport", "AppTrackingTransparency",
    ] {
      #expect(!library.isNamed(other), "\(other)")
    }
  }
}
