import BinaryImage
package import Foundation
package import ScanFiles

/// A parsed property list: its root value, and the keys its dictionaries repeat.
///
/// Every format is read with bounded work: binary lists by `BinaryPropertyListParser`, XML by
/// `XMLPropertyListParser` (both under an `ExpansionBudget`), old-style text by Foundation
/// (`OldStylePropertyList`).
package struct PropertyListDocument: Sendable, Hashable {
  /// The root value.
  package var root: PropertyListValue
  /// Keys set more than once in one dictionary, in the order found; each dictionary keeps the last value.
  package var duplicateKeys: [DuplicateKey]

  /// Creates a document.
  package init(root: PropertyListValue, duplicateKeys: [DuplicateKey] = []) {
    self.root = root
    self.duplicateKeys = duplicateKeys
  }

  /// Parses binary (`bplist00`), XML (UTF-8) or old-style text (OpenStep, `.strings`) property list bytes.
  /// - Throws: `PropertyListError` when the bytes are not a property list, are larger than
  ///   `ReadLimits.documentBytes`, or would expand beyond the work a property list may take (shared references).
  package init(parsing data: Data) throws(PropertyListError) {
    guard data.count <= ReadLimits.documentBytes else { throw PropertyListError.tooLarge }
    do throws(PropertyListSyntaxError) {
      switch PropertyListSyntax(sniffing: data) {
      case .binary: self = try BinaryPropertyListParser.parse(data)
      case .xml: self = try XMLPropertyListParser.parse(data)
      case .oldStyle: self = try OldStylePropertyList.parse(data)
      }
    } catch {
      throw PropertyListError(message: "not a readable property list (\(error.reason))")
    }
  }
}

/// A key set more than once in one dictionary of a property list.
package struct DuplicateKey: Sendable, Hashable {
  /// The key.
  package var key: String
  /// Where the dictionary sits, as keys and array indices from the root (`NSPrivacyAccessedAPITypes[0]`);
  /// empty for the root dictionary.
  package var location: String

  /// Creates a duplicate-key record.
  package init(key: String, location: String = "") {
    self.key = key
    self.location = location
  }
}

/// A property list that could not be read.
package struct PropertyListError: Error, Sendable, Hashable {
  /// What is wrong, as a phrase that fits "the file is …" or "cannot be read (…)":
  /// `not a readable property list (…)`, `larger than 8 MiB`, or why the file could not be opened.
  package var message: String

  /// Creates an error.
  package init(message: String) {
    self.message = message
  }

  /// The file exceeds `ReadLimits.documentBytes`.
  package static let tooLarge = PropertyListError(
    message: "larger than \(ReadLimits.describe(ReadLimits.documentBytes))")
}

/// A property list read from a file: its path, and its document or why there is none.
public struct PropertyListFile: Sendable, Hashable {
  /// The file's path.
  package var path: ScanPath
  /// The parsed document, or why the file could not be read or parsed.
  package var contents: Result<PropertyListDocument, PropertyListError>

  /// Creates a file record.
  package init(path: ScanPath, contents: Result<PropertyListDocument, PropertyListError>) {
    self.path = path
    self.contents = contents
  }

  /// Parses `data` as the contents of the file at `path`.
  package init(path: ScanPath, parsing data: Data) {
    self.init(path: path, contents: Result { () throws(PropertyListError) in try PropertyListDocument(parsing: data) })
  }

  /// The document, when the file was parsed.
  package var document: PropertyListDocument? {
    try? contents.get()
  }

  /// The root dictionary, when the file was parsed and its root is one.
  package var dictionary: [String: PropertyListValue]? {
    document?.root.dictionaryValue
  }
}

/// Why a parser rejected its input: one phrase, shown inside "not a readable property list (…)".
struct PropertyListSyntaxError: Error {
  var reason: String
}

/// Which parser a property list's first bytes call for.
enum PropertyListSyntax {
  /// `bplist…`: Apple's binary format.
  case binary
  /// `<` first (after a UTF-8 byte order mark and white space): XML.
  case xml
  /// Anything else: old-style text, such as a `.strings` file in UTF-8 or UTF-16.
  case oldStyle

  init(sniffing data: Data) {
    if data.starts(with: BinaryPropertyListParser.magicPrefix) {
      self = .binary
      return
    }
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let text = data.starts(with: byteOrderMark) ? data.dropFirst(byteOrderMark.count) : data[...]
    let first = text.first { !Self.isWhiteSpace($0) }
    self = first == UInt8(ascii: "<") ? .xml : .oldStyle
  }

  /// Whether `byte` is XML white space: space, tab, line feed, carriage return.
  static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

/// Where a value sits inside a property list, for messages about duplicate keys.
enum PropertyListPathStep {
  /// A dictionary entry.
  case key(String)
  /// An array element.
  case index(Int)

  /// The steps as text: `NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPITypeReasons`.
  static func text(_ steps: some Sequence<PropertyListPathStep>) -> String {
    var text = ""
    for step in steps {
      switch step {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
