import Foundation

/// Old-style (OpenStep) text property lists, as localized `InfoPlist.strings` files are written
/// (`"KEY" = "value";`, UTF-8 or UTF-16): read by Foundation's `PropertyListSerialization`.
///
/// That is safe to leave to Foundation: the text format has no references, so the values it
/// builds grow linearly with the text, which `ReadLimits.documentBytes` caps. The format
/// holds only strings, data, arrays and dictionaries. Foundation keeps the last of repeated
/// keys without saying so, so `duplicateKeys` is always empty for this format. Foundation's
/// error text is not passed on (it differs between platforms and may be localized).
enum OldStylePropertyList {
  static func parse(_ data: Data) throws(PropertyListSyntaxError) -> PropertyListDocument {
    var format = PropertyListSerialization.PropertyListFormat.openStep
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    } catch {
      throw PropertyListSyntaxError(reason: "not XML, binary, or old-style text that Foundation reads")
    }
    guard format == .openStep else {
      // XML that did not start with `<` in UTF-8, such as UTF-16 XML: refused like any XML not in UTF-8.
      throw PropertyListSyntaxError(reason: "the XML is not in UTF-8")
    }
    return PropertyListDocument(root: try value(object, depth: 1))
  }

  /// Converts what `PropertyListSerialization` returns for old-style text.
  private static func value(_ object: Any, depth: Int) throws(PropertyListSyntaxError) -> PropertyListValue {
    try ExpansionBudget.check(depth: depth)
    if let string = object as? String { return .string(string) }
    if let data = object as? Data { return .data(data) }
    if let array = object as? [Any] {
      var items: [PropertyListValue] = []
      for item in array { items.append(try value(item, depth: depth + 1)) }
      return .array(items)
    }
    if let dictionary = object as? [String: Any] {
      var entries: [String: PropertyListValue] = [:]
      for (key, item) in dictionary { entries[key] = try value(item, depth: depth + 1) }
      return .dictionary(entries)
    }
    throw PropertyListSyntaxError(reason: "it holds a \(type(of: object)), which old-style text cannot")
  }
}
