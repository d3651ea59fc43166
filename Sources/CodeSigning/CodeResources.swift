package import Foundation
package import PropertyLists

/// A bundle's seal, its `_CodeSignature/CodeResources` property list: which files the signature
/// covers, as far as sdkvet compares them with the files present (discovery walks the bundle).
/// File contents are not hashed, so the seal tells only which files were added or removed.
///
/// The seal is `files2` (`files` for signatures older than 10.9). A key whose entry names a
/// `cdhash` or `requirement` is nested code, which seals everything below it; an entry marked
/// `optional` may be absent. The rules' own regular expressions are not evaluated: the files the
/// default `rules2` omit (`Info.plist` and `PkgInfo` at the root, `.DS_Store` anywhere,
/// `*.lproj/locversion.plist`) and the `_CodeSignature/` folder itself are never expected.
package struct CodeResources: Sendable, Hashable {
  /// Every sealed path, relative to the bundle, and whether its entry is marked `optional`.
  package var files: [String: Bool]
  /// The sealed paths that are nested code.
  package var nestedCode: Set<String>

  /// The seal's sections, the first that is a dictionary read: `files2`, else `files`.
  private static let sections = ["files2", "files"]
  /// The fields of an entry the seal reads: `optional`, and the two that make it nested code;
  /// asked of an outline in this order, so that each is the bit `1 << rawValue` of its entries.
  private enum Field: Int, CaseIterable {
    case optional, cdhash, requirement

    var bit: UInt64 { 1 << rawValue }

    /// The field's key in an entry. Spelled out: interpolating a case names it by reflection,
    /// which costs more than reading a seal's outline.
    var key: String {
      switch self {
      case .optional: "optional"
      case .cdhash: "cdhash"
      case .requirement: "requirement"
      }
    }
  }

  /// Reads the seal of the `CodeResources` file holding `data`: `nil` when it has no `files2` or
  /// `files` dictionary, or why it is not a property list (`PropertyListDocument(parsing:)`).
  ///
  /// A seal in the plain XML form `codesign` writes is read from its outline
  /// (`PropertyListOutline`), which builds no values: no `String` but the sealed paths, no hash
  /// decoded. Any other, and any the outline is not sure of, is parsed into values and read
  /// from its root (`init(_:)`), with the same answer.
  package static func read(_ data: Data) -> Result<CodeResources?, PropertyListError> {
    if let outline = PropertyListOutline(data, sections: sections, fields: Field.allCases.map(\.key)) {
      return .success(outline.entries.map(CodeResources.init(entries:)))
    }
    return Result { () throws(PropertyListError) in try PropertyListDocument(parsing: data) }.map {
      CodeResources($0.root)
    }
  }

  /// The seal of an outline's entries (`Field`s asked for).
  private init(entries: [String: PropertyListOutline.Entry]) {
    files = entries.mapValues { $0.trueFields & Field.optional.bit != 0 }
    nestedCode = Set(entries.filter { $0.value.fields & (Field.cdhash.bit | Field.requirement.bit) != 0 }.keys)
  }

  /// Reads the seal of the `CodeResources` whose root is `root`; `nil` when it has no `files2`
  /// or `files` dictionary.
  package init?(_ root: PropertyListValue) {
    guard let seal = root.dictionaryValue?["files2"]?.dictionaryValue ?? root.dictionaryValue?["files"]?.dictionaryValue
    else { return nil }
    files = seal.mapValues { entry in
      if case .boolean(true)? = entry.dictionaryValue?["optional"] { return true }
      return false
    }
    nestedCode = Set(
      seal.filter { _, entry in
        entry.dictionaryValue.map { $0["cdhash"] != nil || $0["requirement"] != nil } ?? false
      }.keys)
  }

  /// The seal against the files present (`present`, relative to the bundle, each once): the
  /// sealed files not marked optional that are not there, and the files there that the seal does
  /// not cover (neither sealed, nor below nested code, nor omitted by the default rules), each
  /// sorted. A sealed file not in `present` is asked of `isThere` (one below a link the walk did
  /// not follow); when every required file is present, as in an intact bundle, none is asked.
  package func compared(with present: [String], isThere: (String) -> Bool) -> (missing: [String], unsealed: [String]) {
    var requiredPresent = 0
    var unsealed: [String] = []
    for path in present {
      if let isOptional = files[path] {
        if !isOptional { requiredPresent += 1 }
      } else if !Self.isOmitted(path) && !nestedCode.contains(where: { path.hasPrefix($0 + "/") }) {
        unsealed.append(path)
      }
    }
    guard requiredPresent < files.values.count(where: { !$0 }) else { return ([], unsealed.sorted()) }
    let presentSet = Set(present)
    let missing = files.filter { path, isOptional in !isOptional && !presentSet.contains(path) && !isThere(path) }
    return (missing.keys.sorted(), unsealed.sorted())
  }

  /// Files the default rules never seal, and the signature's own folder.
  private static func isOmitted(_ path: String) -> Bool {
    path == "Info.plist" || path == "PkgInfo" || path.hasPrefix("_CodeSignature/") || path == ".DS_Store"
      || path.hasSuffix("/.DS_Store") || path.hasSuffix(".lproj/locversion.plist")
  }
}
