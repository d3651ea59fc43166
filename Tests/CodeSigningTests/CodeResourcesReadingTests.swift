import CodeSigning
import Foundation
import PropertyLists
import Testing

/// `CodeResources.read` takes a seal in the plain XML form from its outline, without building
/// values, and any other through the parsed document: both routes must give the same seal, or
/// the same problem, on every input; the outline must be taken for the form `codesign` writes
/// and left for whatever it is not sure of.
@Suite struct CodeResourcesReadingTests {
  /// What `codesign` writes for a bundle: the legacy `files` (bare hashes), `files2` (hash
  /// dictionaries, an optional entry, nested code by `cdhash` and by `requirement`) and rules.
  static let signed = document(
    """
    <dict>
    \t<key>files</key>
    \t<dict>
    \t\t<key>Headers/A.h</key>
    \t\t<data>
    \t\txev3R1ugaNeMx4bInnbXJWZzz9I=
    \t\t</data>
    \t\t<key>Resources/en.lproj/B.strings</key>
    \t\t<dict>
    \t\t\t<key>hash</key>
    \t\t\t<data>
    \t\t\trIgXN4uHD14JWnKMAT1nxzKpoMA=
    \t\t\t</data>
    \t\t\t<key>optional</key>
    \t\t\t<true/>
    \t\t</dict>
    \t</dict>
    \t<key>files2</key>
    \t<dict>
    \t\t<key>Headers/A.h</key>
    \t\t<dict>
    \t\t\t<key>hash2</key>
    \t\t\t<data>
    \t\t\tV87Zpu7CSqrgLykwkbajWyEDYG4nIsZoHCva6uPLNWQ=
    \t\t\t</data>
    \t\t</dict>
    \t\t<key>Resources/en.lproj/B.strings</key>
    \t\t<dict>
    \t\t\t<key>hash2</key>
    \t\t\t<data>
    \t\t\tPqs/Rkwikc4KOfsjzLtYmyPZFzcBT1aRNDlkRx+h/T0=
    \t\t\t</data>
    \t\t\t<key>optional</key>
    \t\t\t<true/>
    \t\t</dict>
    \t\t<key>Resources/C.png</key>
    \t\t<dict>
    \t\t\t<key>hash2</key>
    \t\t\t<data>
    \t\t\tPhwsTjTquVd+xl3a2lwVTzaLg1kehBsFsfHN1QjzAmY=
    \t\t\t</data>
    \t\t\t<key>optional</key>
    \t\t\t<false/>
    \t\t</dict>
    \t\t<key>Frameworks/Inner.framework</key>
    \t\t<dict>
    \t\t\t<key>cdhash</key>
    \t\t\t<data>
    \t\t\tz+LMk5nIsZoHCva6uPLNWTEBXww=
    \t\t\t</data>
    \t\t\t<key>requirement</key>
    \t\t\t<string>cdhash H"cfe2cc939c8b2c68"</string>
    \t\t</dict>
    \t\t<key>PlugIns/Ext.appex</key>
    \t\t<dict>
    \t\t\t<key>requirement</key>
    \t\t\t<string>identifier "com.example.ext" and anchor apple generic</string>
    \t\t</dict>
    \t</dict>
    \t<key>rules2</key>
    \t<dict>
    \t\t<key>^Info\\.plist$</key>
    \t\t<dict>
    \t\t\t<key>omit</key>
    \t\t\t<true/>
    \t\t\t<key>weight</key>
    \t\t\t<real>20.0</real>
    \t\t</dict>
    \t</dict>
    </dict>
    """)

  /// `body` in the declaration, `DOCTYPE` and `<plist>` that `codesign` writes.
  static func document(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>

    """
  }

  /// The seal of `data` by the general route: the parsed document's root.
  static func parsed(_ data: Data) -> Result<CodeResources?, PropertyListError> {
    Result { () throws(PropertyListError) in try PropertyListDocument(parsing: data) }.map { CodeResources($0.root) }
  }

  /// Whether `data` is read from its outline: the sections and fields `CodeResources` asks for.
  static func isOutlined(_ data: Data) -> Bool {
    PropertyListOutline(data, sections: ["files2", "files"], fields: ["optional", "cdhash", "requirement"]) != nil
  }

  @Test func theSignedFormIsOutlinedToTheSameSeal() throws {
    let data = Data(Self.signed.utf8)
    #expect(Self.isOutlined(data))
    let seal = try #require(try CodeResources.read(data).get())
    #expect(CodeResources.read(data) == Self.parsed(data))
    #expect(
      seal.files == [
        "Headers/A.h": false, "Resources/en.lproj/B.strings": true, "Resources/C.png": false,
        "Frameworks/Inner.framework": false, "PlugIns/Ext.appex": false,
      ])
    #expect(seal.nestedCode == ["Frameworks/Inner.framework", "PlugIns/Ext.appex"])
  }

  /// Documents the outline reads itself, each with the seal the parsed values give: `files` when
  /// `files2` is missing or not a dictionary, entries that are not dictionaries, `optional`
  /// that is not `<true/>`, an empty key, a bare root, and no seal at all.
  @Test(arguments: [
    "<dict><key>files</key><dict><key>a</key><data>AAAA</data><key>b</key><dict><key>optional</key><true/></dict></dict></dict>",
    "<dict><key>files2</key><array><dict/></array><key>files</key><dict><key>c</key><string>x</string></dict></dict>",
    "<dict><key>files2</key><string>files</string></dict>",
    "<dict><key>files2</key><dict/><key>files</key><dict><key>d</key><data/></dict></dict>",
    "<dict><key>files2</key><dict><key>e</key><array/><key></key><dict><key>optional</key><true> </true></dict></dict></dict>",
    "<dict><key>files2</key><dict><key>f</key><dict><key>optional</key><string>yes</string></dict><key>g</key><dict><key>optional</key><integer>1</integer></dict></dict></dict>",
    "<dict><key>files2</key><dict><key>h</key><dict><key>x</key><dict><key>cdhash</key><true/><key>optional</key><true/></dict></dict></dict></dict>",
    "<dict><key>rules2</key><dict><key>files2</key><dict><key>i</key><dict/></dict></dict></dict>",
    "<dict><key>files2</key><dict><key>j</key><dict><key>hash</key><data>AA==</data><key>hash</key><data>AAE=</data></dict></dict><key>rules</key><dict><key>r</key><true/><key>r</key><false/></dict></dict>",
    "<array><dict><key>files2</key><dict/></dict></array>",
    "<dict/>",
  ])
  func outlinedDocumentsReadAsTheirValues(body: String) {
    for text in [Self.document(body), body] {
      let data = Data(text.utf8)
      #expect(Self.isOutlined(data), "\(text)")
      #expect(CodeResources.read(data) == Self.parsed(data), "\(text)")
    }
  }

  /// Documents the outline is not sure of, read as the parsed values say: keys needing escapes,
  /// comments and CDATA (not the plain form), keys the seal uses repeated, `<data>` not in
  /// canonical base64 (taken or refused by the decoder), values that are no values, broken
  /// structure, and what the XML guard refuses.
  @Test(arguments: [
    "<dict><key>files2</key><dict><key>a&amp;b</key><dict/></dict></dict>",
    "<dict><!-- sealed --><key>files2</key><dict><key>a</key><dict/></dict></dict>",
    "<dict><key>files2</key><dict><key><![CDATA[a<b]]></key><dict/></dict></dict>",
    "<dict><key>files2</key><dict><key>a</key><dict/><key>a</key><dict><key>optional</key><true/></dict></dict></dict>",
    "<dict><key>files2</key><dict/><key>files2</key><dict><key>a</key><dict/></dict></dict>",
    "<dict><key>files</key><string/><key>files</key><dict><key>a</key><dict/></dict></dict>",
    "<dict><key>files2</key><dict><key>a</key><dict><key>optional</key><true/><key>optional</key><false/></dict></dict></dict>",
    "<dict><key>files2</key><dict><key>a</key><dict><key>hash</key><data>QR==</data></dict></dict></dict>",
    "<dict><key>files2</key><dict><key>a</key><dict><key>hash</key><data>QQ</data></dict></dict></dict>",
    "<dict><key>files2</key><dict><key>a</key><dict><key>hash</key><data>QQ==QQ==</data></dict></dict></dict>",
    "<dict><key>files2</key><dict><key>a</key><dict><key>optional</key><true>yes</true></dict></dict></dict>",
    "<dict><key>files2</key><dict/><key>rules2</key><dict><key>r</key><dict><key>weight</key><real>heavy</real></dict></dict></dict>",
    "<dict><key>files2</key><dict><key>a</key></dict></dict>",
    "<dict><key>files2</key><dict><key>a</key><dict/></dict>",
    "<dict><key>files2</key><dict><key>a</key><dict/></dict></dict><dict/>",
    "<dict><key>files2</key><dict><key>a</key><foo/></dict></dict>",
    "<dict><key>files2</key><dict><key>a\0</key><dict/></dict></dict>",
    "<!DOCTYPE p [<!ENTITY e \"x\">]><dict><key>files2</key><dict/></dict>",
    "",
  ])
  func otherDocumentsReadAsTheirValues(body: String) {
    for text in [Self.document(body), body] {
      let data = Data(text.utf8)
      #expect(!Self.isOutlined(data), "\(text)")
      #expect(CodeResources.read(data) == Self.parsed(data), "\(text)")
    }
  }

  /// A binary seal (`bplist00`) and one nested deeper than property lists may be are read (or
  /// refused) by the parser alone.
  @Test func binaryAndTooDeepSealsAreParsed() throws {
    let seal: [String: Any] = ["files2": ["a": ["optional": true], "b": ["cdhash": Data([1])]]]
    let binary = try PropertyListSerialization.data(fromPropertyList: seal, format: .binary, options: 0)
    #expect(!Self.isOutlined(binary))
    #expect(try CodeResources.read(binary).get() == Self.parsed(binary).get())
    #expect(try CodeResources.read(binary).get()?.nestedCode == ["b"])
    let deep = Data(
      Self.document(
        "<dict><key>files2</key><dict><key>a</key>" + String(repeating: "<array>", count: 600)
          + String(repeating: "</array>", count: 600) + "</dict></dict>"
      ).utf8)
    #expect(!Self.isOutlined(deep))
    #expect(CodeResources.read(deep) == Self.parsed(deep))
    #expect(throws: PropertyListError.self) { try CodeResources.read(deep).get() }
  }
}
