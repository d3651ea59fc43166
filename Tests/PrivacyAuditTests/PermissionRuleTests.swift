import AuditModel
import BinaryImage
import Foundation
import PrivacyAudit
import PropertyLists
import ScanFiles
import TargetDiscovery
import Testing

@Suite("Permission and purpose-string rules")
struct PermissionRuleTests {
  let cameraRequest = "requestAccessForMediaType:completionHandler:"
  let goodCamera = "The app uses the camera to scan receipts."

  @Test func sdkRequestingAPermissionGetsANote() throws {
    let binary = try Fixture.binary(
      "Cam.framework/Cam", Fixture.image(imports: ["_OBJC_CLASS_$_AVCaptureDevice"], selectors: [cameraRequest]))
    let report = try Fixture.audit(Fixture.framework("Cam.framework", binaries: [binary]))
    let notes = report.findings(.requiresPurposeString, at: "Cam.framework")
    #expect(notes.map(\.category) == ["camera"])
    #expect(notes.first?.severity == .note)
    #expect(notes.first?.message.contains("NSCameraUsageDescription") == true)
    #expect(report.target("Cam.framework")?.permissions.map(\.requested) == [true])
  }

  @Test func classReferenceAloneIsNotARequest() throws {
    let binary = try Fixture.binary("Cam.framework/Cam", Fixture.image(imports: ["_OBJC_CLASS_$_AVCaptureDevice"]))
    let report = try Fixture.audit(Fixture.framework("Cam.framework", binaries: [binary]))
    #expect(report.findings(.requiresPurposeString, at: "Cam.framework").isEmpty)
    #expect(report.target("Cam.framework")?.permissions.map(\.resource) == ["camera"])
    #expect(report.target("Cam.framework")?.permissions.map(\.requested) == [false])
  }

  @Test func referencesExplainedByARequestAreNotListedTwice() throws {
    let requesting = try Fixture.binary(
      "Loc.framework/Loc",
      Fixture.image(imports: ["_OBJC_CLASS_$_CLLocationManager"], selectors: ["requestWhenInUseAuthorization"]))
    let listed = try Fixture.audit(Fixture.framework("Loc.framework", binaries: [requesting])).target("Loc.framework")?
      .permissions
    #expect(listed?.map(\.resource) == ["location-when-in-use"])

    let referencing = try Fixture.binary(
      "Loc.framework/Loc", Fixture.image(imports: ["_OBJC_CLASS_$_CLLocationManager"]))
    let unexplained = try Fixture.audit(Fixture.framework("Loc.framework", binaries: [referencing])).target(
      "Loc.framework")?.permissions
    // Issue 34: a CLLocationManager reference is when-in-use location "API only", never every
    // location prompt (always, temporary full accuracy) of its class.
    #expect(unexplained?.map(\.resource) == ["location-when-in-use"])
    #expect(unexplained?.allSatisfy { !$0.requested } == true)
  }

  @Test func appMissingAPurposeString() throws {
    let binary = try Fixture.binary(
      "Demo.app/Demo",
      Fixture.image(
        imports: ["_OBJC_CLASS_$_AVCaptureDevice", "_OBJC_CLASS_$_CLLocationManager"],
        selectors: [cameraRequest, "requestWhenInUseAuthorization"]))
    let app = try Fixture.app(
      binaries: [binary],
      infoPlist: ["NSLocationWhenInUseUsageDescription": "The app shows nearby stores when you search."])
    let report = try Fixture.audit(app)
    let missing = report.findings(.missingPurposeString, at: "Demo.app")
    #expect(missing.map(\.category) == ["camera"])
    #expect(missing.first?.message.contains("NSCameraUsageDescription") == true)
    #expect(missing.first?.file == "Demo.app/Info.plist")
    #expect(report.findings(.requiresPurposeString, at: "Demo.app").isEmpty)

    let complete = try Fixture.app(
      binaries: [binary],
      infoPlist: [
        "NSCameraUsageDescription": goodCamera,
        "NSLocationWhenInUseUsageDescription": "The app shows nearby stores when you search.",
      ])
    #expect(try Fixture.audit(complete).findings(.missingPurposeString, at: "Demo.app").isEmpty)
  }

  @Test func embeddedSDKPermissionsRollUpIntoTheApp() throws {
    let appBinary = try Fixture.binary("Demo.app/Demo", Fixture.image(imports: ["_malloc"]))
    let micBinary = try Fixture.binary(
      "Demo.app/Frameworks/Mic.framework/Mic",
      Fixture.image(
        imports: ["_OBJC_CLASS_$_AVAudioApplication"], selectors: ["requestRecordPermissionWithCompletionHandler:"]))
    let app = try Fixture.app(binaries: [appBinary], infoPlist: [:])
    let mic = Fixture.framework("Demo.app/Frameworks/Mic.framework", embeddedIn: "Demo.app", binaries: [micBinary])
    let report = try Fixture.audit(app, mic)
    let permissions = report.target("Demo.app")?.permissions ?? []
    #expect(permissions.map(\.resource) == ["microphone"])
    #expect(permissions.first?.source == "Frameworks/Mic.framework")
    let missing = report.findings(.missingPurposeString, at: "Demo.app")
    #expect(missing.map(\.category) == ["microphone"])
    #expect(missing.first?.message.contains("Frameworks/Mic.framework") == true)
    #expect(report.findings(.requiresPurposeString, at: "Demo.app/Frameworks/Mic.framework").count == 1)
    #expect(report.target("Demo.app/Frameworks/Mic.framework")?.embeddedIn == "Demo.app")
  }

  @Test func styleWarningsOnBaseAndLocalizedStrings() throws {
    let binary = try Fixture.binary("Demo.app/Demo", Fixture.image(selectors: [cameraRequest]))
    let french = Data("\"NSCameraUsageDescription\" = \"appareil photo\";\n".utf8)
    let english = Data("/* ok */\n\"NSCameraUsageDescription\" = \"\(goodCamera)\";\n".utf8)
    let app = try Fixture.app(
      binaries: [binary],
      infoPlist: ["NSCameraUsageDescription": "camera usage description", "NSMicrophoneUsageDescription": goodCamera],
      strings: [("fr.lproj", french), ("en.lproj", english)])
    let style = try Fixture.audit(app).findings(.purposeStringStyle, at: "Demo.app")
    #expect(style.map(\.file) == ["Demo.app/Info.plist", "Demo.app/fr.lproj/InfoPlist.strings"])
    #expect(style.allSatisfy { $0.severity == .warning && $0.category == "NSCameraUsageDescription" })
    #expect(style.first?.message.contains("placeholder") == true)
    #expect(style.last?.message.contains("capital") == true)
    #expect(style.last?.message.contains("what the data is for") == false)  // not English: word checks skipped
  }

  @Test func binaryStringsFileIsChecked() throws {
    let binary = try Fixture.binary("Demo.app/Demo", Fixture.image(imports: ["_malloc"]))
    let strings = try Fixture.plist(["NSCameraUsageDescription": "Turn on camera access"], binary: true)
    let app = try Fixture.app(
      binaries: [binary], infoPlist: ["NSCameraUsageDescription": goodCamera], strings: [("en.lproj", strings)])
    let style = try Fixture.audit(app).findings(.purposeStringStyle, at: "Demo.app")
    #expect(style.map(\.file) == ["Demo.app/en.lproj/InfoPlist.strings"])
    #expect(style.first?.message.contains("period") == true)
    #expect(style.first?.message.contains("what the data is for") == true)
  }

  @Test func repeatedPurposeStringsAreReported() throws {
    let binary = try Fixture.binary("Demo.app/Demo", Fixture.image(selectors: [cameraRequest]))
    var app = try Fixture.app(binaries: [binary])
    let repeated = """
      <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
      <key>NSCameraUsageDescription</key><string>\(goodCamera)</string>
      <key>CFBundleName</key><string>Demo</string>
      <key>CFBundleName</key><string>Demo</string>
      <key>NSCameraUsageDescription</key><string>\(goodCamera)</string>
      </dict></plist>
      """
    app.target.infoPlist = PropertyListFile(path: "Demo.app/Info.plist", parsing: Data(repeated.utf8))
    let report = try Fixture.audit(app)
    #expect(
      report.findings(.purposeStringStyle, at: "Demo.app").map(\.message) == [
        "NSCameraUsageDescription is set more than once; keep one purpose string (sdkvet reads the last)."
      ])
    #expect(report.findings(.missingPurposeString, at: "Demo.app").isEmpty)
  }
}

/// `privacy-report`'s questions (issue 34): one per bundle and capability, and the app's own
/// code apart from the questions for vendors.
@Suite struct PrivacyQuestionTests {
  @Test func oneQuestionPerBundleAndCapabilityTheAppsOwnCodeApart() throws {
    let location = Fixture.image(
      imports: ["_OBJC_CLASS_$_CLLocationManager"],
      selectors: ["requestWhenInUseAuthorization", "requestAlwaysAuthorization"])
    let app = try Fixture.app(binaries: [try Fixture.binary("Demo.app/Demo", location)])
    let sdk = Fixture.framework(
      "Demo.app/Frameworks/Sdk.framework", embeddedIn: "Demo.app",
      binaries: [try Fixture.binary("Demo.app/Frameworks/Sdk.framework/Sdk", location)])
    let picture = PrivacyPicture(report: try Fixture.audit(app, sdk), catalog: try Fixture.catalog())
    #expect(picture.questions.count == 2)
    let own = try #require(picture.ownCodeQuestions.first)
    #expect(picture.ownCodeQuestions.count == 1 && own.bundle == "Demo.app" && own.isOwnCode)
    #expect(own.capability.name == "Location (always), Location (when in use)")
    #expect(own.capability.symbols.contains("requestAlwaysAuthorization"))
    #expect(picture.vendorQuestions.map(\.bundle) == ["Demo.app/Frameworks/Sdk.framework"])
  }
}
