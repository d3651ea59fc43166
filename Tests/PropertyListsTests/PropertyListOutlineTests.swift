import Foundation
import PropertyLists
import Testing

/// `PropertyListOutline`: one section of the root dictionary read from a plain XML property list
/// without its values, only where it is sure to say what the values say.
@Suite struct PropertyListOutlineTests {
  private func outline(_ body: String, sections: [String] = ["s2", "s"], fields: [String] = ["f", "g"])
    -> PropertyListOutline?
  {
    PropertyListOutline(Data("<plist version=\"1.0\">\(body)</plist>".utf8), sections: sections, fields: fields)
  }

  @Test func theFirstSectionThatIsADictionaryIsOutlined() throws {
    let outlined = try #require(
      outline(
        """
        <dict>
          <key>s</key><dict><key>old</key><data>AAAA</data></dict>
          <key>s2</key><dict>
            <key>a</key><dict><key>g</key><true/><key>f</key><false/><key>h</key><true/></dict>
            <key>b</key><dict><key>f</key><true/></dict>
            <key>c</key><string>f</string>
          </dict>
        </dict>
        """))
    #expect(
      outlined.entries == [
        "a": .init(fields: 0b11, trueFields: 0b10), "b": .init(fields: 0b01, trueFields: 0b01), "c": .init(),
      ])
    #expect(try #require(outline("<dict><key>s2</key><true/><key>s</key><dict/></dict>")).entries == [:])
    #expect(try #require(outline("<dict><key>t</key><dict/></dict>")).entries == nil)
  }

  /// `<data>` is outlined only in canonical base64, which the decoder always takes; what it may
  /// refuse, or take against the canonical form, is left to the values.
  @Test(arguments: [
    ("", true), ("AAAA", true), (" AA\n\tAA ", true), ("AAE=", true), ("AQ==", true), ("+/+/", true),
    ("QR==", false), ("QUJ=", false), ("QQ", false), ("QQ=", false), ("Q===", false), ("====", false),
    ("QQ==QQ==", false), ("Q=Q=", false), ("QUJD=", false), ("QU*D", false), ("QUJDQ", false),
  ])
  func dataIsOutlinedOnlyInCanonicalBase64(text: String, isOutlined: Bool) {
    let outlined = outline("<dict><key>s</key><dict><key>k</key><data>\(text)</data></dict></dict>")
    #expect((outlined != nil) == isOutlined)
    if isOutlined { #expect(Data(base64Encoded: text, options: .ignoreUnknownCharacters) != nil) }
  }

  /// What parses is outlined and what does not is not (when its `<data>` is canonical): the
  /// outline checks every element as the values would.
  @Test(arguments: [
    "<dict><key>s</key><dict/></dict>", "<dict><key>s</key></dict>", "<dict><key>s</key><dict/><dict/></dict>",
    "<dict><key>s</key><dict><key>a</key><integer>1x</integer></dict></dict>",
    "<dict><key>s</key><dict><key>a</key><integer> 0x1F </integer><key>b</key><real>1e3</real></dict></dict>",
    "<dict><key>s</key><dict><key>a</key><date>2024-05-01T12:00:00Z</date></dict></dict>",
    "<dict><key>s</key><dict><key>a</key><date>2024-13-01T12:00:00Z</date></dict></dict>",
    "<dict><key>s</key><dict><key>a</key><false>no</false></dict></dict>", "<array><key>s</key></array>",
    "<array><real>20.0</real><real>20</real><real>1.</real><real>.5</real><real>1.2.3</real></array>",
    "<array><integer>123456789012345678</integer><integer>9223372036854775807</integer></array>",
    "<array><integer>9223372036854775808</integer></array>", "<array><integer>1.0</integer></array>",
    "<array><real> 20.0</real><real>1e3</real><real>2024</real></array>",
    "<dict><key>s</key><dict><key>a</key><string><true/></string></dict></dict>", "<plist/>", "",
  ])
  func outlinedDocumentsParse(body: String) {
    let data = Data("<plist version=\"1.0\">\(body)</plist>".utf8)
    let parsed = try? PropertyListDocument(parsing: data)
    #expect((outline(body) != nil) == (parsed != nil))
  }
}
