import BinaryImage
import PrivacyCatalog
import Testing

/// The matcher on synthetic images: imports and selector references only, exact names except
/// Swift prefixes, the right categories, strengths and provenance.
@Suite struct CatalogMatcherTests {
  static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
  static let diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"
  static let bootTime = "NSPrivacyAccessedAPICategorySystemBootTime"

  let matcher: CatalogMatcher

  init() throws {
    matcher = CatalogMatcher(catalog: try Catalog.builtIn())
  }

  @Test func machOStatImportIsAFileTimestampUse() throws {
    let matches = matcher.matches(in: SyntheticImage.with(imports: ["_stat"]))
    let match = try #require(matches.first)
    #expect(matches.count == 1)
    #expect(match.apiID == "stat")
    #expect(match.categories == [Self.fileTimestamp])
    #expect(match.symbol == "_stat")
    #expect(match.via == .import)
    #expect(match.library == "/usr/lib/libSystem.B.dylib")
    #expect(!match.isAdvisory)
  }

  @Test func aDefinedStatIsNotAUse() {
    var synthetic = SyntheticImage(format: .machO)
    synthetic.addDefinition("_stat")
    #expect(matcher.matches(in: synthetic.image).isEmpty)
  }

  @Test(arguments: ["_my_lstat", "_lstat_wrapper", "lstat", "_LSTAT", "_stat$", "could not stat", "_sta"])
  func lookalikeNamesDoNotMatchOnMachO(_ name: String) {
    #expect(matcher.matches(in: SyntheticImage.with(imports: [name])).isEmpty, "\(name)")
  }

  @Test func aSelectorReferenceAndItsStubImportBothMatchSystemBootTime() throws {
    let processInfo = "_OBJC_CLASS_$_NSProcessInfo"
    let fromSelector = matcher.matches(in: SyntheticImage.with(imports: [processInfo], selectors: ["systemUptime"]))
    let fromStub = matcher.matches(in: SyntheticImage.with(imports: [processInfo, "_objc_msgSend$systemUptime"]))
    #expect(fromSelector.map(\.via) == [.selector])
    #expect(fromSelector.first?.library == nil)
    #expect(fromStub.map(\.via) == [.objcStub])
    #expect(fromStub.first?.symbol == "_objc_msgSend$systemUptime")
    for match in fromSelector + fromStub {
      #expect(match.apiID == "process-info-system-uptime")
      #expect(match.categories == [Self.bootTime])
    }
  }

  @Test func aSelectorNameAsAPlainImportOrAStubOfAnotherSelectorDoesNotMatch() {
    let image = SyntheticImage.with(imports: [
      "systemUptime", "_systemUptime", "_objc_msgSend$systemUptimeX", "_objc_msgSend$",
    ])
    #expect(matcher.matches(in: image).isEmpty)
  }

  @Test(arguments: ["AA0E0VSgvg", "AA0E0VSgvs", "", "Tq"])
  func aSwiftGetterMatchesWhateverFollowsThePrefix(_ suffix: String) throws {
    let name = "_$s10Foundation17URLResourceValuesV12creationDate" + suffix
    let match = try #require(matcher.matches(in: SyntheticImage.with(imports: [name])).first)
    #expect(match.apiID == "url-creation-date-key")
    #expect(match.via == .swiftSymbol)
    #expect(match.symbol == name)
  }

  @Test func swiftPrefixesMatchWithoutTheLeadingUnderscoreOnELF() throws {
    let name = "$s10Foundation17URLResourceValuesV23volumeAvailableCapacitySiSgvg"
    let match = try #require(matcher.matches(in: SyntheticImage.with(format: .elf, imports: [name])).first)
    #expect(match.categories == [Self.diskSpace])
  }

  @Test func aLongerSwiftIdentifierWithTheSamePrefixDoesNotMatch() {
    // `creationDateX` has another length prefix; `12creationDate` must be a whole identifier.
    let image = SyntheticImage.with(imports: [
      "_$s10Foundation17URLResourceValuesV13creationDateXSgvg", "_$s10Foundation17URLResourceValuesV12creationDat",
    ])
    #expect(matcher.matches(in: image).isEmpty)
  }

  @Test func getattrlistIsOneUseInBothCategories() throws {
    let matches = matcher.matches(in: SyntheticImage.with(imports: ["_getattrlist"]))
    let match = try #require(matches.first)
    #expect(matches.count == 1)
    #expect(Set(match.categories) == [Self.fileTimestamp, Self.diskSpace])
  }

  @Test func elfStatWithAGlibcVersionMatches() throws {
    var synthetic = SyntheticImage(format: .elf, libraries: ["libc.so.6"])
    synthetic.addImport("stat", version: "GLIBC_2.33")
    synthetic.addImport("__xstat64", version: "GLIBC_2.2.5")
    let matches = matcher.matches(in: synthetic.image)
    #expect(matches.map(\.symbol) == ["stat", "__xstat64"])
    #expect(matches.map(\.version) == ["GLIBC_2.33", "GLIBC_2.2.5"])
    #expect(matches.allSatisfy { $0.apiID == "stat" && $0.library == "libc.so.6" })
  }

  @Test func spellingsOfTheOtherFormatDoNotMatch() {
    #expect(matcher.matches(in: SyntheticImage.with(format: .elf, imports: ["_stat"])).isEmpty)
    #expect(matcher.matches(in: SyntheticImage.with(format: .machO, imports: ["stat", "__xstat"])).isEmpty)
  }

  @Test func aCameraClassAloneIsAReferenceAndTheRequestSelectorIsARequest() {
    let classOnly = matcher.matches(in: SyntheticImage.with(imports: ["_OBJC_CLASS_$_AVCaptureDevice"]))
    #expect(classOnly.map(\.subject) == [.protectedResource(id: "camera", strength: .reference)])
    let requesting = matcher.matches(
      in: SyntheticImage.with(
        imports: ["_OBJC_CLASS_$_AVCaptureDevice"], selectors: ["requestAccessForMediaType:completionHandler:"]))
    #expect(requesting.filter { $0.resourceID == "camera" }.compactMap(\.strength) == [.reference, .request])
  }

  @Test func conditionalEvidenceNeedsItsClassInTheSameImage() {
    let alone = matcher.matches(in: SyntheticImage.with(selectors: ["requestAuthorization:"]))
    #expect(alone.isEmpty)
    let withSpeech = matcher.matches(
      in: SyntheticImage.with(imports: ["_OBJC_CLASS_$_SFSpeechRecognizer"], selectors: ["requestAuthorization:"]))
    #expect(
      withSpeech.filter { $0.strength == .request }.map(\.subject) == [
        .protectedResource(id: "speech-recognition", strength: .request)
      ])
  }

  /// HealthKit's one request asks for clinical records only when the slice also imports a
  /// clinical record type identifier (the types a request carries are run-time data).
  @Test func aHealthKitRequestIsAClinicalRecordsRequestOnlyWithAClinicalTypeIdentifier() {
    let requested = { (image: Image) in
      Set(self.matcher.matches(in: image).filter { $0.strength == .request }.compactMap(\.resourceID))
    }
    let selector = "requestAuthorizationToShareTypes:readTypes:completion:"
    let swift =
      "_$sSo13HKHealthStoreC9HealthKitE20requestAuthorization7toShare4readyShySo12HKSampleTypeCG_ShySo08HKObjectK0CGtYaKF"
    let clinical = "_HKClinicalTypeIdentifierLabResultRecord"
    #expect(
      requested(SyntheticImage.with(imports: ["_OBJC_CLASS_$_HKHealthStore"], selectors: [selector])) == [
        "health-share", "health-update",
      ])
    #expect(
      requested(SyntheticImage.with(imports: ["_OBJC_CLASS_$_HKHealthStore", clinical], selectors: [selector])) == [
        "health-clinical-records", "health-share", "health-update",
      ])
    #expect(requested(SyntheticImage.with(imports: [swift])) == ["health-share", "health-update"])
    #expect(
      requested(SyntheticImage.with(imports: [swift, clinical])) == [
        "health-clinical-records", "health-share", "health-update",
      ])
  }

  @Test func advisorySpellingsAreLeftOutUnlessAskedFor() throws {
    let image = SyntheticImage.with(imports: ["_mach_continuous_time", "_kCFURLCreationDateKey"])
    #expect(matcher.matches(in: image).isEmpty)
    let everything = CatalogMatcher(catalog: try Catalog.builtIn(), includeAdvisory: true)
    let matches = everything.matches(in: image)
    #expect(matches.count == 2)
    #expect(matches.allSatisfy { $0.isAdvisory })
  }

  @Test func aSymbolInSeveralTablesIsReportedOnce() {
    let image = SyntheticImage.with(
      imports: ["_stat", "_stat", "_OBJC_CLASS_$_NSProcessInfo"], selectors: ["systemUptime", "systemUptime"])
    #expect(matcher.matches(in: image).map(\.symbol) == ["_stat", "systemUptime"])
  }

  @Test func trackingEvidence() {
    let matches = matcher.matches(
      in: SyntheticImage.with(imports: ["_OBJC_CLASS_$_ASIdentifierManager"], selectors: ["advertisingIdentifier"]))
    #expect(
      matches.map(\.subject) == [
        .protectedResource(id: "advertising-identifier", strength: .reference),
        .protectedResource(id: "advertising-identifier", strength: .request),
      ])
  }

  /// Issue 33: GoogleUtilities sends `+standardUserDefaults` to its own `GULUserDefaults`, and
  /// SmaatoSDKVideo `-advertisingIdentifier` to its own class. A selector without its class
  /// proves nothing, whether referenced or sent through an `_objc_msgSend$` stub.
  @Test(arguments: [
    "standardUserDefaults", "initWithSuiteName:", "systemUptime", "activeInputModes", "advertisingIdentifier",
    "requestWhenInUseAuthorization", "requestAlwaysAuthorization", "evaluatePolicy:localizedReason:reply:",
    "requestTrackingAuthorizationWithCompletionHandler:",
  ])
  func aSelectorWithoutItsClassIsEvidenceOfNothing(_ selector: String) {
    let own = SyntheticImage.with(imports: ["_OBJC_CLASS_$_GULUserDefaults"], selectors: [selector])
    #expect(matcher.matches(in: own).isEmpty, "\(selector)")
    #expect(matcher.matches(in: SyntheticImage.with(imports: ["_objc_msgSend$" + selector])).isEmpty, "\(selector)")
  }

  /// Every selector of the catalog, with one of its classes, matches; without them, nothing does.
  @Test func everyCatalogSelectorCountsOnlyWithItsClass() throws {
    let catalog = try Catalog.builtIn()
    let selectors =
      catalog.apis.flatMap(\.spellings).filter { $0.kind == .selector && !$0.advisory }
      + catalog.resources.flatMap(\.evidence).map(\.spelling).filter { $0.kind == .selector }
    #expect(!selectors.isEmpty)
    for spelling in selectors {
      #expect(!spelling.onlyWith.isEmpty, "\(spelling.name) names no class")
      let alone = matcher.matches(in: SyntheticImage.with(selectors: [spelling.name]))
      #expect(alone.isEmpty, "\(spelling.name) counted without its class")
      for condition in spelling.onlyWith {
        let with = matcher.matches(in: SyntheticImage.with(imports: [condition], selectors: [spelling.name]))
        #expect(with.contains { $0.symbol == spelling.name }, "\(spelling.name) with \(condition)")
      }
    }
  }

  /// A class looked up by name (`NSClassFromString(@"NSUserDefaults")`) is the class: the reader
  /// keeps the name as a lookup string when the image imports a lookup function.
  @Test func aClassLookedUpByNameIsTheSelectorsClass() {
    var synthetic = SyntheticImage(format: .machO)
    synthetic.addImport("_NSClassFromString")
    synthetic.addSelectorReference("standardUserDefaults")
    synthetic.addLookupString("NSUserDefaults")
    let matches = matcher.matches(in: synthetic.image)
    #expect(matches.map(\.apiID) == ["user-defaults"])
    #expect(matches.map(\.symbol) == ["standardUserDefaults"])
  }

  /// In a static library, a member sends the selector and another references the class: the
  /// slice (every member of one architecture) holds both.
  @Test func theClassMayBeInAnotherMemberOfTheSameSlice() {
    var sender = SyntheticImage(format: .machO)
    sender.image.member = "Sender.o"
    sender.addSelectorReference("systemUptime")
    var holder = SyntheticImage(format: .machO)
    holder.image.member = "Holder.o"
    holder.addImport("_OBJC_CLASS_$_NSProcessInfo")
    var otherSlice = sender
    otherSlice.image.architecture = "x86_64"
    let matches = matcher.matches(inSlicesOf: [sender.image, holder.image, otherSlice.image])
    #expect(matches[0].map(\.apiID) == ["process-info-system-uptime"])
    #expect(matches[1].isEmpty)
    #expect(matches[2].isEmpty, "another architecture is another slice")
  }
}
