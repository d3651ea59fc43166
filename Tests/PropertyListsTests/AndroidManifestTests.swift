import BinaryImage
import Foundation
import PropertyLists
import Testing

@Suite("Android library manifests")
struct AndroidManifestTests {
  private func parse(_ text: String) throws -> AndroidManifest {
    try AndroidManifest(parsing: Data(text.utf8))
  }

  /// The error message parsing `data` gives, or `nil` when it parses.
  private func failure(_ data: Data) -> String? {
    do {
      _ = try AndroidManifest(parsing: data)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func permissionsAreReadWithTheirLimits() throws {
    let manifest = try parse(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <!-- a library manifest -->
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.kit">
        <uses-sdk android:minSdkVersion="21"/>
        <uses-permission android:name="android.permission.INTERNET"/>
        <uses-permission android:name="android.permission.WRITE_EXTERNAL_STORAGE" android:maxSdkVersion="28"/>
        <uses-permission-sdk-23 android:name="android.permission.ACCESS_COARSE_LOCATION"/>
        <uses-permission android:name="android.permission.INTERNET"/>
        <application><activity android:name=".Main"><uses-permission android:name="nested.IGNORED"/></activity></application>
      </manifest>
      """)
    #expect(manifest.package == "com.example.kit")
    #expect(
      manifest.permissions == [
        AndroidPermission(name: "android.permission.ACCESS_COARSE_LOCATION", onlyFromSdk23: true),
        AndroidPermission(name: "android.permission.INTERNET"),
        AndroidPermission(name: "android.permission.WRITE_EXTERNAL_STORAGE", maxSdkVersion: 28),
      ])
    #expect(manifest.permissions.map(\.shortName) == ["ACCESS_COARSE_LOCATION", "INTERNET", "WRITE_EXTERNAL_STORAGE"])
    #expect(manifest.permissions.map(\.apiLevels) == ["API 23+", nil, "up to API 28"])
  }

  @Test func theAndroidNamespaceIsFoundUnderAnyPrefix() throws {
    let manifest = try parse(
      """
      <manifest xmlns:a="http://schemas.android.com/apk/res/android">
        <uses-permission a:name="com.google.android.gms.permission.AD_ID"/>
      </manifest>
      """)
    #expect(manifest.package == nil)
    #expect(manifest.permissions.map(\.shortName) == ["com.google.android.gms.permission.AD_ID"])
  }

  @Test func aManifestWithoutPermissionsRequestsNone() throws {
    #expect(try parse("<manifest package=\"p\"/>") == AndroidManifest(package: "p"))
  }

  @Test(arguments: [
    ("<manifest><uses-permission android:name=\"x\"></manifest>", "malformed XML at line 1"),
    ("<plist version=\"1.0\"/>", "the root element is <plist>, not <manifest> at line 1"),
    ("<manifest>\n<uses-permission/></manifest>", "a <uses-permission> has no android:name at line 2"),
    ("<manifest><uses-permission android:name=\"x\"/></manifest>", "malformed XML at line 1"),  // no xmlns:android
    (
      "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">"
        + "<uses-permission android:name=\"x\" android:maxSdkVersion=\"@integer/max\"/></manifest>",
      "the android:maxSdkVersion \"@integer/max\" of x is not a number at line 1"
    ),
    (
      "<!DOCTYPE m [<!ENTITY a \"aaaa\">]><manifest>&a;</manifest>",
      "the XML declares entities, which Android manifests do not use"
    ),
    ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><manifest/>", "the XML is in UTF-16, not UTF-8"),
    ("", "the XML holds no <manifest>"),
  ])
  func aBrokenManifestIsOneReason(text: String, reason: String) {
    #expect(failure(Data(text.utf8)) == "not a readable Android manifest (\(reason))")
  }

  /// A manifest libxml2 reads as EBCDIC from its first bytes (`<?xm`: 4C 6F A7 94), which the
  /// ASCII checks for entities and crowded tags cannot see into, is refused before libxml2 reads it.
  @Test func anEBCDICManifestIsRefused() {
    let ebcdic = Data([0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0x6F, 0x6E, 0x4C, 0x94, 0x81, 0x95, 0x6E])
    #expect(
      failure(ebcdic)
        == "not a readable Android manifest (the XML is in EBCDIC (it starts 4C 6F A7 94, '<?xm' in EBCDIC), not UTF-8)"
    )
  }

  @Test func anOversizedManifestIsRefusedUnread() {
    let padding = Data(repeating: UInt8(ascii: " "), count: ReadLimits.documentBytes)
    #expect(failure(Data("<manifest/>".utf8) + padding) == "larger than 8 MiB")
  }

  @Test func deepNestingStopsAtTheDepthLimit() {
    let depth = 100_000
    let text =
      "<manifest>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</manifest>"
    #expect(failure(Data(text.utf8)) == "not a readable Android manifest (it nests deeper than 256 levels at line 1)")
  }

  /// Hundreds of thousands of elements, each with attributes, within the document limit: the
  /// object budget stops the parse, and the work stays linear.
  @Test func manyElementsAndAttributesStopAtTheObjectLimit() {
    let element = "<uses-feature a=\"\" b=\"\" c=\"\"/>"
    let count = (ReadLimits.documentBytes - 100) / element.utf8.count
    let text = "<manifest>" + String(repeating: element, count: count) + "</manifest>"
    let start = ContinuousClock.now
    let reason = failure(Data(text.utf8)) ?? ""
    #expect(reason.hasPrefix("not a readable Android manifest (it holds more than 1000000 elements and attributes"))
    #expect(ContinuousClock.now - start < .seconds(20))
  }

  /// One start tag holding as many attributes as 8 MiB allows (libxml2 would take minutes), and
  /// 900 tags of the most attributes allowed (a second or so).
  @Test func attributesAreBoundedPerTag() {
    let tag = { (count: Int) in
      "<uses-feature " + (0..<count).map { "a\(String($0, radix: 36))=\"\"" }.joined(separator: " ") + "/>"
    }
    let crowded = "<manifest>" + tag((ReadLimits.documentBytes - 100) / 12) + "</manifest>"
    let start = ContinuousClock.now
    #expect(failure(Data(crowded.utf8)) == "not a readable Android manifest (a tag holds more than 1000 attributes)")
    // 900 tags of 1,000 attributes: 6 MiB, within the object budget.
    let many = "<manifest>" + String(repeating: tag(1_000), count: 900) + "</manifest>"
    #expect(failure(Data(many.utf8)) == nil)
    #expect(ContinuousClock.now - start < .seconds(20))
  }
}
