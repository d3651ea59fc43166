import BinaryImage
import TestSupport

/// Builds in-memory images for matcher tests, as a reader would produce them.
struct SyntheticImage {
  var image: Image

  init(format: Image.Format, libraries: [String] = ["/usr/lib/libSystem.B.dylib"]) {
    image = Image(
      format: format, architecture: format == .elf ? "x86_64" : "arm64", kind: .sharedLibrary,
      fileType: format == .elf ? "ET_DYN" : "MH_DYLIB", imageSize: 0)
    image.libraries = libraries.map { LinkedLibrary(name: $0) }
  }

  /// Adds an import bound to the first library, optionally with an ELF version name.
  mutating func addImport(_ name: String, version: String? = nil) {
    var versionIndex: Int?
    if let version {
      image.versions.append(version)
      versionIndex = image.versions.count - 1
    }
    let origin: Symbol.Origin = image.format == .elf ? .dynamicSymbolTable : .chainedFixups
    image.symbols.append(
      Symbol(
        name: image.names.appendTestName(name), isDefined: false, origin: origin,
        library: image.libraries.isEmpty ? .unknown : .linked(0), version: versionIndex))
  }

  /// Adds a symbol the image defines.
  mutating func addDefinition(_ name: String) {
    image.symbols.append(
      Symbol(name: image.names.appendTestName(name), isDefined: true, kind: .function, origin: .symbolTable))
  }

  /// Adds a referenced selector (`__objc_selrefs`).
  mutating func addSelectorReference(_ name: String) {
    image.selectorReferences.append(image.names.appendTestName(name))
  }

  /// Adds a lookup string (a name the image may look up at run time: `Image.lookupStrings`).
  mutating func addLookupString(_ name: String) {
    image.lookupStrings.append(LookupString(name: image.names.appendTestName(name), section: .cString))
  }

  static func with(format: Image.Format = .machO, imports: [String] = [], selectors: [String] = []) -> Image {
    var synthetic = SyntheticImage(format: format)
    imports.forEach { synthetic.addImport($0) }
    selectors.forEach { synthetic.addSelectorReference($0) }
    return synthetic.image
  }
}
