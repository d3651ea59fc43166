import BinaryImage
import Foundation
import PropertyLists
import Testing

@Suite("XML and old-style property lists")
struct XMLPropertyListTests {
  private func parse(_ text: String) throws -> PropertyListDocument {
    try PropertyListDocument(parsing: Data(text.utf8))
  }

  private func failure(_ text: String) -> String? {
    parseFailure(Data(text.utf8))
  }

  private func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">\(body)</plist>
    """
  }

  @Test func everyType() throws {
    let document = try parse(
      plist(
        """
        <dict>
          <key>text</key><string>a &amp; b &lt;c&gt; &#x1F600; <![CDATA[<raw>]]></string>
          <key>empty</key><string/>
          <key>count</key><integer> -42 </integer>
          <key>hex</key><integer>0x10</integer>
          <key>ratio</key><real>2.5e1</real>
          <key>when</key><date>2001-01-02T00:00:00Z</date>
          <key>blob</key><data>
            AAEC
            /w==
          </data>
          <key>yes</key><true/>
          <key>no</key><false/>
          <key>list</key><array><integer>1</integer><dict/></array>
          <!-- a comment -->
        </dict>
        """))
    #expect(
      document.root
        == .dictionary([
          "text": .string("a & b <c> 😀 <raw>"), "empty": .string(""), "count": .integer(-42), "hex": .integer(16),
          "ratio": .real(25), "when": .date(Date(timeIntervalSinceReferenceDate: 86_400)),
          "blob": .data(Data([0, 1, 2, 0xFF])), "yes": .boolean(true), "no": .boolean(false),
          "list": .array([.integer(1), .dictionary([:])]),
        ]))
  }

  /// A document in the form tools write is read byte by byte (`PlainXMLPropertyList`), any
  /// other by `XMLParser`: a comment before `<plist` (on the same line, so line numbers stay)
  /// sends the same document to `XMLParser`, and both readers must give the same values,
  /// duplicate keys and errors.
  @Test(arguments: [
    "<dict><key>a b</key><string>x > y\t\n z</string><key>c</key><string>  </string></dict>",
    "<dict><key>e</key><string/><key>f</key><string></string><key>t</key><true> </true><key>u</key><false/></dict>",
    "<array><integer> -42 </integer><integer>0x10</integer><real>2.5e1</real><date>2001-01-02T00:00:00Z</date></array>",
    "<dict>\n\t<key>blob</key>\n\t<data>\n\tAAEC\n\t/w==\n\t</data>\n<key>n</key><dict/><key>l</key><array/></dict>",
    "<dict><key>k</key><true/><key>k</key><false/><key>a</key><array><dict><key>x</key><true/><key>x</key><true/></dict></array></dict>",
    "<dict><key>a</key></dict>", "<dict><string>x</string></dict>", "<string>x</strin>", "<dict>x</dict>",
    "<integer>zz</integer>", "<foo/>", "<string>a]]>b</string>", "<string>a\rb</string>", "<key>k</key>",
    "<true/><true/>", "<string>caf\u{E9}</string>", "<dict ><key>a</key><true/></dict>",
  ])
  func plainFormReadsAsXMLParserDoes(body: String) {
    let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"#
    let documentType =
      #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
    for plain in ["\(declaration)\n\(documentType)\n<plist version=\"1.0\">\(body)</plist>\n", body] {
      let other = plain.replacingOccurrences(of: "<plist", with: "<!-- x --><plist")
      let commented = other == plain ? "<!-- x -->" + plain : other
      #expect((try? parse(plain)) == (try? parse(commented)))
      #expect(failure(plain) == failure(commented))
    }
  }

  /// The plain reader looks at text eight bytes at a time: a byte it must refuse (or look at
  /// twice) is found at every offset of a word, and the document then reads as `XMLParser` reads
  /// it.
  @Test(arguments: ["]]>", "\u{01}", "\u{7F}", "\u{E9}", "\r", ">", "\t", "&amp;", "]>", "\n"])
  func plainTextIsCheckedAtEveryOffset(special: String) throws {
    for offset in 0..<20 {
      let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 19 - offset)
      let plain = "<plist version=\"1.0\"><string>\(text)</string></plist>"
      let commented = "<!-- x -->" + plain
      #expect((try? parse(plain)) == (try? parse(commented)), "\(offset)")
      #expect(failure(plain) == failure(commented), "\(offset)")
    }
    let clean = String(repeating: "abcdefgh", count: 5)
    #expect(try parse("<plist version=\"1.0\"><string>\(clean)</string></plist>").root == .string(clean))
  }

  @Test func aBareValueIsARoot() throws {
    #expect(try parse("<array><string>x</string></array>").root == .array([.string("x")]))
  }

  @Test func duplicateKeysAreRecordedAndTheLastValueKept() throws {
    let document = try parse(
      plist(
        """
        <dict>
          <key>NSPrivacyTracking</key><false/>
          <key>NSPrivacyTracking</key><true/>
          <key>NSPrivacyTracking</key><true/>
          <key>NSPrivacyAccessedAPITypes</key>
          <array><dict>
            <key>NSPrivacyAccessedAPIType</key><string>a</string>
            <key>NSPrivacyAccessedAPIType</key><string>b</string>
          </dict></array>
        </dict>
        """))
    #expect(document.root.dictionaryValue?["NSPrivacyTracking"] == .boolean(true))
    #expect(
      document.duplicateKeys == [
        DuplicateKey(key: "NSPrivacyTracking"),
        DuplicateKey(key: "NSPrivacyAccessedAPIType", location: "NSPrivacyAccessedAPITypes[0]"),
      ])
  }

  @Test func entitiesAreRefused() {
    var laughs = #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">"#
    for level in 1...9 {
      laughs +=
        "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10)
        + "\">"
    }
    laughs += "]><plist><string>&lol9;</string></plist>"
    #expect(failure(laughs)?.contains("declares entities") == true)
    let external = #"<!DOCTYPE p [<!ENTITY e SYSTEM "file:///etc/passwd">]><plist><string>&e;</string></plist>"#
    #expect(failure(external)?.contains("declares entities") == true)
  }

  /// libxml2 2.9 compares each attribute of a tag with every earlier one: 700,000 attributes in
  /// one 8 MiB tag took 9 minutes. More than 1,000 in a tag is refused before libxml2 reads it;
  /// `=` signs in text are not counted unless a quote follows them.
  @Test func crowdedTagsAreRefused() throws {
    let attributes = (0..<1_001).map { " a\($0)='x'" }.joined()
    #expect(
      failure("<plist\(attributes)><true/></plist>")
        == "not a readable property list (a tag holds more than 1000 attributes)")
    let signs = String(repeating: "x == y; ====\n", count: 2_000)
    #expect(try parse(plist("<string>\(signs)</string>")).root == .string(signs))
  }

  @Test func onlyUTF8IsRead() {
    let declared = #"<?xml version="1.0" encoding="UTF-16"?><plist><true/></plist>"#
    #expect(failure(declared)?.contains("the XML is in UTF-16, not UTF-8") == true)
    #expect(failure("<plist><string>a\0b</string></plist>")?.contains("NUL") == true)
    var utf16 = Data([0xFF, 0xFE])
    for unit in "<plist><true/></plist>".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    #expect(parseFailure(utf16)?.contains("not in UTF-8") == true)
    // `<?xm` in EBCDIC, which libxml2 would decode as the code page its declaration names: a
    // property list goes to libxml2 only when it starts with an ASCII `<`, so this one is read as
    // old-style text, which it is not.
    let ebcdic = Data([0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0xA5, 0x85, 0x99, 0xA2, 0x89, 0x96, 0x95])
    #expect(
      parseFailure(ebcdic)
        == "not a readable property list (not XML, binary, or old-style text that Foundation reads)")
  }

  @Test(arguments: [
    ("<plist><dict><key>a</key></dict></plist>", "has no value"),
    ("<plist><dict><string>a</string></dict></plist>", "has no <key>"),
    ("<plist><dict><key>a</key><key>b</key></dict></plist>", "a <key> has no value"),
    ("<plist><key>a</key></plist>", "outside a <dict>"),
    ("<plist><array>text</array></plist>", "text is outside a value"),
    ("<plist><string><string/></string></plist>", "inside <string>"),
    ("<plist><table/></plist>", "<table> is not a property list element"),
    ("<plist><true/><false/></plist>", "more than one value"),
    ("<plist></plist>", "<plist> is empty"),
    ("<plist><array><plist/></array></plist>", "<plist> is inside"),
    ("<plist><integer>12a</integer></plist>", "is not a valid value"),
    ("<plist><integer>9223372036854775808</integer></plist>", "is not a valid value"),
    ("<plist><real>fast</real></plist>", "is not a valid value"),
    ("<plist><date>2024-13-01T00:00:00Z</date></plist>", "is not a valid value"),
    ("<plist><true>yes</true></plist>", "is not a valid value"),
    ("<plist><data>!!!</data></plist>", "is not a valid value"),
    ("<plist><array></plist>", "malformed XML"),
    ("<plist><true/></plist><plist/>", "malformed XML"),
    ("<plist><true/></plist>junk", "malformed XML"),
  ])
  func malformedPropertyLists(text: String, message: String) {
    let found = failure(text)
    #expect(found?.contains(message) == true, "\(text): \(found ?? "parsed")")
  }

  @Test func integerLimits() throws {
    #expect(try parse("<integer>-9223372036854775808</integer>").root == .integer(.min))
    #expect(try parse("<integer>9223372036854775807</integer>").root == .integer(.max))
  }

  @Test func nestingIsBounded() {
    let deep = String(repeating: "<array>", count: 300) + String(repeating: "</array>", count: 300)
    #expect(failure(plist(deep))?.contains("nests deeper than 256 levels") == true)
    let allowed = String(repeating: "<array>", count: 200) + String(repeating: "</array>", count: 200)
    #expect(failure(plist(allowed)) == nil)
  }

  @Test func tooLargeIsSaidSo() {
    let large = Data(repeating: UInt8(ascii: " "), count: ReadLimits.documentBytes + 1)
    #expect(parseFailure(large) == "larger than 8 MiB")
  }

  @Test(arguments: [String.Encoding.utf8, .utf16])
  func oldStyleStringsFiles(encoding: String.Encoding) throws {
    let text =
      "/* Camera */\n\"NSCameraUsageDescription\" = \"Scan \\\"receipts\\\" to file them.\";\n// line\nNSMicrophoneUsageDescription = \"Record notes.\";\n"
    let data = try #require(text.data(using: encoding))
    let value = try PropertyListDocument(parsing: data).root
    #expect(value.dictionaryValue?["NSCameraUsageDescription"] == .string("Scan \"receipts\" to file them."))
    #expect(value.dictionaryValue?["NSMicrophoneUsageDescription"] == .string("Record notes."))
  }

  @Test func brokenTextSaysSoWithoutFoundationsWording() {
    #expect(
      parseFailure(Data("hello".utf8 + [0xff, 0xfe]))
        == "not a readable property list (not XML, binary, or old-style text that Foundation reads)")
  }
}
