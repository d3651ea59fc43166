import BinaryImage
package import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An Android library's `AndroidManifest.xml`, as an `.aar` carries it (plain XML, unlike the
/// binary XML inside an APK): the permissions it requests, which the Android build merges into
/// the manifest of every app that uses the library, so a reviewer sees them beside what the
/// library's native code reaches.
///
/// Read with the same guards and bounds as XML property lists: the bytes are refused before
/// libxml2 sees them when they declare entities, hold a NUL byte or are not UTF-8
/// (`XMLInputGuard`); external entities are never loaded; elements nest at most
/// `ExpansionBudget.maximumDepth` deep, and elements and attributes number at most
/// `ExpansionBudget.maximumObjects`; any error libxml2 reports fails the parse.
public struct AndroidManifest: Sendable, Hashable {
  /// The namespace of the `android:` attributes.
  static let androidNamespace = "http://schemas.android.com/apk/res/android"

  /// The `package` attribute of `<manifest>`, `nil` when it has none (newer libraries set the
  /// namespace in Gradle instead).
  package var package: String?
  /// The `<uses-permission>` and `<uses-permission-sdk-23>` entries of `<manifest>`, sorted
  /// by name, each distinct entry once.
  package var permissions: [AndroidPermission]

  /// Creates a manifest.
  package init(package: String? = nil, permissions: [AndroidPermission] = []) {
    self.package = package
    self.permissions = permissions
  }

  /// Parses the bytes of an `AndroidManifest.xml`.
  /// - Throws: `PropertyListError` (`not a readable Android manifest (…)`) when the bytes are
  ///   not well-formed XML with a `<manifest>` root, a permission has no `android:name` or a
  ///   `maxSdkVersion` that is not a number, or the work would exceed the bounds above; or
  ///   `PropertyListError.tooLarge` when they are larger than `ReadLimits.documentBytes`.
  package init(parsing data: Data) throws(PropertyListError) {
    guard data.count <= ReadLimits.documentBytes else { throw PropertyListError.tooLarge }
    do throws(PropertyListSyntaxError) {
      try XMLInputGuard.refuseUnsafeInput(data, documents: "Android manifests")
      let reader = AndroidManifestReader()
      let parser = XMLParser(data: data)
      parser.shouldResolveExternalEntities = false
      parser.delegate = reader
      let finished = parser.parse()
      if let failure = reader.failure { throw PropertyListSyntaxError(reason: failure) }
      guard finished, parser.parserError == nil else {
        throw PropertyListSyntaxError(reason: "malformed XML at line \(parser.lineNumber)")
      }
      guard reader.sawManifest else { throw PropertyListSyntaxError(reason: "the XML holds no <manifest>") }
      self.init(package: reader.package, permissions: Array(Set(reader.permissions)).sorted())
    } catch {
      throw PropertyListError(message: "not a readable Android manifest (\(error.reason))")
    }
  }
}

/// One permission an Android library requests.
public struct AndroidPermission: Sendable, Hashable, Comparable {
  /// The prefix of the platform's own permissions, which reports leave out.
  package static let platformPrefix = "android.permission."

  /// The permission as written (`android.permission.ACCESS_FINE_LOCATION`,
  /// `com.google.android.gms.permission.AD_ID`).
  public let name: String
  /// `android:maxSdkVersion`: the highest API level on which it is requested, `nil` when unbounded.
  public let maxSdkVersion: Int?
  /// Whether it is requested with `<uses-permission-sdk-23>`: only on API level 23 and higher,
  /// where the user grants dangerous permissions at run time.
  public let onlyFromSdk23: Bool

  /// Creates a permission.
  package init(name: String, maxSdkVersion: Int? = nil, onlyFromSdk23: Bool = false) {
    self.name = name
    self.maxSdkVersion = maxSdkVersion
    self.onlyFromSdk23 = onlyFromSdk23
  }

  /// The name without `android.permission.` (`ACCESS_FINE_LOCATION`); others in full.
  public var shortName: String {
    name.hasPrefix(Self.platformPrefix) && name.count > Self.platformPrefix.count
      ? String(name.dropFirst(Self.platformPrefix.count)) : name
  }

  /// The API levels it is limited to, as a reviewer reads them (`API 23+`, `up to API 28`),
  /// `nil` when it is requested on every level.
  public var apiLevels: String? {
    switch (onlyFromSdk23, maxSdkVersion) {
    case (false, nil): nil
    case (true, nil): "API 23+"
    case (false, let max?): "up to API \(max)"
    case (true, let max?): "API 23 to \(max)"
    }
  }

  /// Orders by name, then the limits.
  public static func < (lhs: AndroidPermission, rhs: AndroidPermission) -> Bool {
    (lhs.name, lhs.maxSdkVersion ?? Int.max, lhs.onlyFromSdk23 ? 1 : 0)
      < (rhs.name, rhs.maxSdkVersion ?? Int.max, rhs.onlyFromSdk23 ? 1 : 0)
  }
}

/// The `XMLParser` delegate that collects `<manifest>`'s permissions; the first problem stops the parse.
private final class AndroidManifestReader: NSObject, XMLParserDelegate {
  /// The elements under `<manifest>` that request a permission, and whether each is the API 23+ form.
  private static let permissionElements = ["uses-permission": false, "uses-permission-sdk-23": true]

  private(set) var package: String?
  private(set) var permissions: [AndroidPermission] = []
  private(set) var sawManifest = false
  private(set) var failure: String?
  private var depth = 0
  private var objects = 0
  /// The prefix `<manifest>` binds to the Android namespace (`android`, as written by every tool).
  private var androidPrefix = "android"

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    guard failure == nil else { return }
    depth += 1
    guard depth <= ExpansionBudget.maximumDepth else {
      return fail("it nests deeper than \(ExpansionBudget.maximumDepth) levels", parser)
    }
    objects += 1 + attributes.count
    guard objects <= ExpansionBudget.maximumObjects else {
      return fail("it holds more than \(ExpansionBudget.maximumObjects) elements and attributes", parser)
    }
    switch depth {
    case 1:
      guard name == "manifest" else { return fail("the root element is <\(name.prefix(40))>, not <manifest>", parser) }
      sawManifest = true
      package = attributes["package"]
      let binding = attributes.first { $0.key.hasPrefix("xmlns:") && $0.value == AndroidManifest.androidNamespace }
      if let binding { androidPrefix = String(binding.key.dropFirst("xmlns:".count)) }
    case 2:
      guard let onlyFromSdk23 = Self.permissionElements[name] else { return }
      guard let permission = attributes[androidPrefix + ":name"], !permission.isEmpty else {
        return fail("a <\(name)> has no \(androidPrefix):name", parser)
      }
      var maxSdkVersion: Int?
      if let text = attributes[androidPrefix + ":maxSdkVersion"] {
        guard let level = Int(text.trimmingCharacters(in: .whitespaces)), level > 0 else {
          return fail(
            "the \(androidPrefix):maxSdkVersion \"\(text.prefix(40))\" of \(permission) is not a number", parser)
        }
        maxSdkVersion = level
      }
      permissions.append(
        AndroidPermission(name: permission, maxSdkVersion: maxSdkVersion, onlyFromSdk23: onlyFromSdk23))
    default:
      break
    }
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    depth -= 1
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    fail("malformed XML", parser)
  }

  func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
    fail("malformed XML", parser)
  }

  private func fail(_ reason: String, _ parser: XMLParser) {
    guard failure == nil else { return }
    failure = "\(reason) at line \(parser.lineNumber)"
    parser.abortParsing()
  }
}
