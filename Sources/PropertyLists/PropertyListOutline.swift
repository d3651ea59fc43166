import BinaryImage
package import Foundation

/// Part of a property list read straight from its bytes: the keys of one dictionary in the root
/// dictionary, and for each key which of a few fields its value, a dictionary, holds. A bundle's
/// seal (`CodeResources`) is thousands of entries, each a dictionary of `<data>` hashes, of which
/// the seal check keeps the keys and two facts: building its values cost most of its reading.
///
/// Only an XML property list in the plain form tools write (`PlainXMLPropertyList`) is outlined,
/// and only when the outline is sure to say what the document's values say: its elements are
/// checked as the values would be (`XMLPropertyListStructure`), and a key the outline uses that
/// its dictionary repeats answers `nil`. Anything else answers `nil` too, and the caller reads
/// the document (`PropertyListDocument(parsing:)`), whose problems and values are the answer.
package struct PropertyListOutline: Sendable, Hashable {
  /// Which of the fields asked for one entry's value holds.
  package struct Entry: Sendable, Hashable {
    /// The fields the value holds when it is a dictionary, bit `i` for the `i`th field asked for.
    package var fields: UInt64 = 0
    /// Those of them whose value is `<true/>`.
    package var trueFields: UInt64 = 0

    /// Creates an entry.
    package init(fields: UInt64 = 0, trueFields: UInt64 = 0) {
      self.fields = fields
      self.trueFields = trueFields
    }
  }

  /// The entries of the first of the sections asked for whose value in the root dictionary is a
  /// dictionary, by key; `nil` when none is (or the root is not a dictionary).
  package var entries: [String: Entry]?

  /// Outlines the property list `data`: the first of `sections` (keys of the root dictionary)
  /// whose value is a dictionary, and for each of its entries which of `fields` its value holds
  /// (at most 64 sections and 64 fields). `nil` when `data` is not an XML property list in the
  /// plain form or the outline is not sure to match its values, which includes every `data` that
  /// `PropertyListDocument(parsing:)` refuses.
  package init?(_ data: Data, sections: [String], fields: [String]) {
    guard sections.count <= UInt64.bitWidth, fields.count <= UInt64.bitWidth, data.count <= ReadLimits.documentBytes,
      PropertyListSyntax(sniffing: data) == .xml,
      (try? XMLInputGuard.refuseUnsafeInput(data, documents: "property lists")) != nil
    else { return nil }
    let outline = data.withUnsafeBytes { bytes in
      let collector = Collector(
        document: bytes, sections: sections.map { Array($0.utf8) }, fields: fields.map { Array($0.utf8) })
      return PlainXMLPropertyList.read(bytes, into: collector)?.outline()
    }
    guard let outline else { return nil }
    self = outline
  }

  /// Creates an outline.
  package init(entries: [String: Entry]?) {
    self.entries = entries
  }

  /// What an open element is to the outline.
  private enum Role: Equatable {
    case plist, root, key
    /// The value of `sections[index]`, a dictionary.
    case section(Int)
    /// An entry's value, a dictionary, in the section at `section`.
    case entry(section: Int)
    /// Anything else: checked, not kept.
    case other
  }

  /// The outline's side of the plain reader: the element roles, and each section's entries by
  /// the ranges of their keys.
  private struct Collector: PlainXMLEvents {
    let document: UnsafeRawBufferPointer
    let sections: [[UInt8]]
    let fields: [[UInt8]]
    var structure = XMLPropertyListStructure()
    var roles: [Role] = []
    /// The text of the last `<key>` read.
    var key: Range<Int> = 0..<0
    /// Which section or field the last `<key>` of the root dictionary or of an entry names.
    var named: Int?
    /// The sections whose keys the root dictionary holds, bit `i` for `sections[i]`.
    var sectionsSeen: UInt64 = 0
    /// The entries of each section whose value is a dictionary.
    var entriesBySection: [[(key: Range<Int>, entry: Entry)]?]

    init(document: UnsafeRawBufferPointer, sections: [[UInt8]], fields: [[UInt8]]) {
      self.document = document
      self.sections = sections
      self.fields = fields
      entriesBySection = Array(repeating: nil, count: sections.count)
    }

    mutating func didStart(_ element: XMLPropertyListValues.Element) -> Bool {
      guard structure.start(element) else { return false }
      let role: Role
      switch (roles.last, element) {
      case (_, .text(.key)):
        key = 0..<0
        role = .key
      case (nil, .plist):
        role = .plist
      case (nil, .dict), (.plist?, .dict):
        role = .root
      case (.root?, _):
        guard let section = named, element == .dict else {
          role = .other
          break
        }
        entriesBySection[section] = []
        role = .section(section)
      case (.section(let section)?, _):
        entriesBySection[section]?.append((key, Entry()))
        role = element == .dict ? .entry(section: section) : .other
      case (.entry(let section)?, _):
        if let field = named, let last = entriesBySection[section]?.indices.last {
          entriesBySection[section]?[last].entry.fields |= 1 << field
          if element == .text(.true) { entriesBySection[section]?[last].entry.trueFields |= 1 << field }
        }
        role = .other
      default:
        role = .other
      }
      roles.append(role)
      return true
    }

    mutating func didRead(_ range: Range<Int>, of document: UnsafeRawBufferPointer) -> Bool {
      if roles.last == .key { key = range }
      return structure.read(range, of: document)
    }

    mutating func didEnd() -> Bool {
      guard structure.end(), let role = roles.popLast() else { return false }
      guard role == .key else { return true }
      let text = UnsafeRawBufferPointer(rebasing: document[key])
      switch roles.last {
      case .root?:
        named = sections.firstIndex { $0.elementsEqual(text) }
        if let section = named {
          // A repeated section: the values keep the last; the outline is not sure which it kept.
          guard sectionsSeen & 1 << section == 0 else { return false }
          sectionsSeen |= 1 << section
        }
      case .entry(let section)?:
        named = fields.firstIndex { $0.elementsEqual(text) }
        if let field = named, let last = entriesBySection[section]?.last {
          guard last.entry.fields & 1 << field == 0 else { return false }
        }
      default:
        break
      }
      return true
    }

    /// The outline of the first section that is a dictionary (of none when none is); `nil` when
    /// that section repeats a key, of which the values keep the last.
    func outline() -> PropertyListOutline? {
      guard let found = entriesBySection.lazy.compactMap({ $0 }).first else { return PropertyListOutline(entries: nil) }
      var entries: [String: Entry] = [:]
      entries.reserveCapacity(found.count)
      for (key, entry) in found {
        let path = String(decoding: UnsafeRawBufferPointer(rebasing: document[key]), as: UTF8.self)
        guard entries.updateValue(entry, forKey: path) == nil else { return nil }
      }
      return PropertyListOutline(entries: entries)
    }
  }
}
