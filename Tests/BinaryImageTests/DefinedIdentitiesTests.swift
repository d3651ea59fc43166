import BinaryImage
import TestSupport
import Testing

/// `DefinedIdentities`: which defined names give a class or a Swift module, each kept once.
@Suite struct DefinedIdentitiesTests {
  private func collect(_ names: [String]) throws -> (classes: [String], modules: [String], taken: Int) {
    var image = Image(format: .machO, architecture: "arm64", kind: .sharedLibrary, fileType: "MH_DYLIB", imageSize: 0)
    var identities = DefinedIdentities()
    for name in names {
      try Array(name.utf8).withUnsafeBytes { try identities.note($0, at: 0, into: &image) }
    }
    return (
      image.definedClasses.map(image.names.string), image.swiftModuleDescriptors.map(image.names.string),
      image.names.bytesTaken
    )
  }

  /// Classes are kept once without their prefix; a Swift module once, as the first type or
  /// protocol descriptor declared in it (`Mn`, `Mp`), whole, so a report cites a real symbol.
  @Test func classesAndModulesAreKeptOnce() throws {
    let found = try collect([
      "_OBJC_CLASS_$_FBSDKLoginManager", "_OBJC_CLASS_$_FBSDKLoginManager", "OBJC_CLASS_$_GTMLogger",
      "_$s9Alamofire7SessionC7requestyyF", "$s9Alamofire11DataRequestCMn", "_$s9Alamofire14RequestAdapterMp",
      "_$s10Kingfisher5ImageV", "_$s10Kingfisher5ImageVMn",
    ])
    #expect(found.classes == ["FBSDKLoginManager", "GTMLogger"])
    #expect(found.modules == ["$s9Alamofire11DataRequestCMn", "_$s10Kingfisher5ImageVMn"])
    // Kept names are stored once; a repeat is charged against the name limit, not stored.
    let stored = "FBSDKLoginManager".utf8.count + "GTMLogger".utf8.count + 28 + 24
    #expect(found.taken == stored + "FBSDKLoginManager".utf8.count + "Alamofire".utf8.count)
  }

  /// Nested types of the module's own types are its types too.
  @Test func nestedTypesAndProtocolsNameTheirModule() throws {
    for name in ["_$s9Alamofire7SessionC6ConfigVMn", "_$s9Alamofire4TaskO5StateOMn", "_$s9Alamofire14RequestAdapterMp"]
    {
      #expect(try collect([name]).modules == [name])
    }
  }

  @Test(arguments: [
    "_OBJC_METACLASS_$_FBSDKLoginManager",  // a metaclass, not a class
    "_OBJC_CLASS_$_",  // no class name
    "_$sSo8NSObjectC",  // a standard substitution (an imported Objective-C type), no module
    "_$s0abc",  // a word-substituted identifier
    "_$s99Short",  // a length past the end of the name
    "_$s12345678901Alamofire",  // a length of more than four digits
    "_T09Alamofire7SessionC",  // pre-Swift 5 mangling
    "_my_function",
    "_$s9Alamofire7SessionC5startyyF",  // a method: only a declared type names the module
    // A framework's own conformance to, and extension of, another module's protocol and type:
    // their manglings start with the other module's name.
    "_$s12ExtendingKit9GameShareV13FBSDKShareKit7SharingAAMc",
    "_$s13FBSDKShareKit12ShareContentV09ExtendingB0E13gamingContextyyF",
    // A type a framework nests in its extension of another module's type (issue 33), spelled
    // plainly or with a word substitution: its descriptor starts with the other module.
    "_$s9Alamofire7SessionC5MyKitE6NestedVMn",
    "_$s13FBSDKShareKit12ShareContentV09ExtendingB0E6NestedVMn",
    "_$s9Alamofire7Session33_0123456789ABCDEF0123456789ABCDEFLLCMn",  // a private discriminator
  ])
  func otherNamesGiveNothing(name: String) throws {
    let found = try collect([name])
    #expect(found.classes.isEmpty && found.modules.isEmpty && found.taken == 0)
  }

  /// A reader skips a name whose first bytes `mayNote` turns away, so it must turn away only
  /// names `note` would not keep.
  @Test(arguments: [
    "_OBJC_CLASS_$_FBSDKLoginManager", "OBJC_CLASS_$_GTMLogger", "_$s9Alamofire7SessionCMn", "$s9Alamofire5DataVMn",
    "_OBJC_METACLASS_$_X", "_my_function", "_O", "_", "", "$", "Os", "_$", "__OBJC_CLASS_$_X",
  ])
  func mayNoteTurnsAwayOnlyNamesThatGiveNothing(name: String) throws {
    let bytes = Array(name.utf8) + [0]  // as in a string table: the NUL may be a leading byte
    let leading = Array(bytes.prefix(DefinedIdentities.leadingByteCount))
    let found = try collect([name])
    let mayNote = leading.withUnsafeBytes(DefinedIdentities.mayNote(startingWith:))
    if !mayNote {
      #expect(found.classes.isEmpty && found.modules.isEmpty)
    }
    let startsLikeAPrefix = ["_O", "OB", "_$", "$s"].contains { name.hasPrefix($0) }
    #expect(mayNote == startsLikeAPrefix)
  }
}
