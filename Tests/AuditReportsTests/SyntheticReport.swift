import AuditModel
import PrivacyAudit
import ScanFiles

import struct BinaryImage.LinkedLibrary
import struct PrivacyCatalog.CatalogMatch
import enum TargetDiscovery.TargetKind

/// A hand-built report that exercises every part of every format: an app with an embedded SDK,
/// permissions requested and referenced, tracking, findings of every severity, evidence with
/// archive members and with null fields, a path with a space, an ELF target and an unreadable
/// binary, and text that needs escaping (`|`, backticks).
enum SyntheticReport {
  static let toolVersion = "0.9.0-test"

  static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
  static let systemBootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
  static let userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"
  static let diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"

  static let app: ScanPath = "Samples/App/Demo.app"
  static let appBinary: ScanPath = "Samples/App/Demo.app/Demo"
  static let sdk: ScanPath = "Samples/App/Demo.app/Frameworks/AudioKit.framework"
  static let sdkBinary: ScanPath = "Samples/App/Demo.app/Frameworks/AudioKit.framework/AudioKit"
  static let statsKit: ScanPath = "Samples/Vendor/Stats Kit.xcframework"
  static let statsArchive: ScanPath = "Samples/Vendor/Stats Kit.xcframework/ios-arm64/libStats.a"
  static let libSystem = "/usr/lib/libSystem.B.dylib"

  static let report = AuditReport(targets: [appTarget, sdkTarget, brokenTarget, elfTarget, statsTarget])

  static let appTarget: TargetReport = {
    let stat = Evidence(
      symbol: "_stat", via: .import, binary: appBinary, architecture: "arm64", member: nil, library: libSystem)
    let uptime = Evidence(
      symbol: "systemUptime", via: .selector, binary: appBinary, architecture: "x86_64", member: nil, library: nil)
    let camera = Evidence(
      symbol: "requestAccessForMediaType:completionHandler:", via: .selector, binary: appBinary, architecture: "arm64",
      member: nil, library: nil)
    let idfa = Evidence(
      symbol: "_OBJC_CLASS_$_ASIdentifierManager", via: .import, binary: appBinary, architecture: "arm64", member: nil,
      library: "/System/Library/Frameworks/AdSupport.framework/AdSupport")
    let location = Evidence(
      symbol: "_OBJC_CLASS_$_CLLocationManager", via: .import, binary: appBinary, architecture: "arm64", member: nil,
      library: "/System/Library/Frameworks/CoreLocation.framework/CoreLocation")
    let microphone = Evidence(
      symbol: "requestRecordPermission:", via: .selector, binary: sdkBinary, architecture: "arm64", member: nil,
      library: nil)
    return TargetReport(
      path: app, kind: .app,
      binaries: [
        BinarySummary(
          path: appBinary, format: .machO, architectures: ["arm64", "x86_64"],
          platforms: ["ios", "ios-simulator", "ios"],
          linkedLibraries: [
            LinkedLibrary(name: libSystem),
            LinkedLibrary(name: "/System/Library/Frameworks/AdSupport.framework/AdSupport"),
            LinkedLibrary(name: "/System/Library/Frameworks/CoreLocation.framework/CoreLocation", kind: .weak),
            LinkedLibrary(name: libSystem),
          ], rpaths: ["@executable_path/Frameworks", "@loader_path/Frameworks", "@executable_path/Frameworks"])
      ],
      privacyManifest: app.appending("PrivacyInfo.xcprivacy"),
      usedCategories: [fileTimestamp, systemBootTime], declaredCategories: [fileTimestamp, userDefaults],
      declaredReasons: [fileTimestamp: ["3B52.1", "C617.1"], userDefaults: ["CA92.1"]],
      apiUses: [
        APIUse(category: fileTimestamp, api: "stat", evidence: stat),
        APIUse(category: systemBootTime, api: "systemUptime", evidence: uptime),
      ],
      permissions: [
        PermissionUse(
          resource: "camera", infoPlistKeys: ["NSCameraUsageDescription"], evidence: [camera], requested: true),
        PermissionUse(
          resource: "location-when-in-use", infoPlistKeys: ["NSLocationWhenInUseUsageDescription"],
          evidence: [location],
          requested: false),
        PermissionUse(
          resource: "microphone", infoPlistKeys: ["NSMicrophoneUsageDescription"], evidence: [microphone],
          requested: true,
          source: "Frameworks/AudioKit.framework"),
      ],
      tracking: TrackingProfile(readsAdvertisingIdentifier: true, declaredTracking: false),
      findings: [
        Finding(
          rule: .missingPurposeString, severity: .error, subject: .resource("camera"),
          message:
            "The app requests camera access and its Info.plist lacks NSCameraUsageDescription; iOS terminates the app when it asks.",
          file: app.appending("Info.plist"), evidence: [camera]),
        Finding(
          rule: .trackingUndeclared, severity: .error, subject: .target,
          message: "The app reads the advertising identifier but its manifest sets NSPrivacyTracking to false.",
          file: app.appending("PrivacyInfo.xcprivacy"), evidence: [idfa]),
        Finding(
          rule: .undeclaredAPICategory, severity: .error, subject: .category(systemBootTime),
          message: "Demo uses \(systemBootTime) and its manifest does not declare it.", evidence: [uptime]),
        Finding(
          rule: .purposeStringStyle, severity: .warning, subject: .infoPlistKey("location-when-in-use"),
          message: "The purpose string \"TODO\" for NSLocationWhenInUseUsageDescription is a placeholder.",
          file: app.appending("en.lproj/InfoPlist.strings")),
        Finding(
          rule: .trackingWithoutAuthorization, severity: .warning, subject: .target,
          message: "The app reads the advertising identifier and never requests App Tracking Transparency.",
          evidence: [idfa]),
        Finding(
          rule: .unusedAPIDeclaration, severity: .warning, subject: .category(userDefaults),
          message: "The manifest declares \(userDefaults) and no binary of the app uses it.",
          file: app.appending("PrivacyInfo.xcprivacy")),
      ],
      bundleIdentifier: "com.example.Demo")
  }()

  static let sdkTarget: TargetReport = {
    let microphone = Evidence(
      symbol: "requestRecordPermission:", via: .selector, binary: sdkBinary, architecture: "arm64", member: nil,
      library: nil)
    let session = Evidence(
      symbol: "_OBJC_CLASS_$_AVAudioSession", via: .import, binary: sdkBinary, architecture: "arm64", member: nil,
      library: "/System/Library/Frameworks/AVFAudio.framework/AVFAudio")
    return TargetReport(
      path: sdk, kind: .framework, embeddedIn: app,
      binaries: [BinarySummary(path: sdkBinary, format: .machO, architectures: ["arm64"])],
      privacyManifest: sdk.appending("PrivacyInfo.xcprivacy"),
      permissions: [
        PermissionUse(
          resource: "microphone", infoPlistKeys: ["NSMicrophoneUsageDescription"], evidence: [session, microphone],
          requested: true)
      ],
      tracking: TrackingProfile(declaredTracking: false),
      findings: [
        Finding(
          rule: .requiresPurposeString, severity: .note, subject: .resource("microphone"),
          message: "AudioKit can ask for the microphone; the host app must carry NSMicrophoneUsageDescription.",
          evidence: [session, microphone])
      ],
      hosts: [
        HostUse(host: "app.adjust.com", binary: sdkBinary),
        HostUse(host: "metrics.audiokit.example", binary: sdkBinary),
      ],
      bundleIdentifier: "com.example.AudioKit")
  }()

  static let brokenTarget = TargetReport(
    path: "Samples/broken/Broken.framework", kind: .framework,
    binaries: [BinarySummary(path: "Samples/broken/Broken.framework/Broken", format: .unreadable, architectures: [])],
    findings: [
      Finding(
        rule: .unreadableBinary, severity: .error, subject: .target,
        message:
          "`Broken` could not be read: load command 3 | size 0x48 runs past the end of the file (offset 0x1000).",
        file: "Samples/broken/Broken.framework/Broken")
    ])

  static let elfTarget: TargetReport = {
    let xstat = Evidence(
      symbol: "__xstat64", via: .import, binary: "Samples/linux/libnative.so", architecture: "x86_64", member: nil,
      library: "libc.so.6")
    return TargetReport(
      path: "Samples/linux/libnative.so", kind: .sharedObject,
      binaries: [
        BinarySummary(
          path: "Samples/linux/libnative.so", format: .elf, architectures: ["x86_64"],
          linkedLibraries: [LinkedLibrary(name: "libc.so.6")], rpaths: ["$ORIGIN"])
      ],
      usedCategories: [fileTimestamp], apiUses: [APIUse(category: fileTimestamp, api: "stat", evidence: xstat)])
  }()

  static let statsTarget: TargetReport = {
    let statfs = Evidence(
      symbol: "_statfs", via: .import, binary: statsArchive, architecture: "arm64", member: "Stats.o", library: nil)
    let modified = Evidence(
      symbol: "fileModificationDate", via: .selector, binary: statsArchive, architecture: nil, member: nil,
      library: nil)
    let swiftCreation = Evidence(
      symbol: "$s10Foundation17URLResourceValuesV12creationDateAA0G0VSgvg", via: .swiftSymbol, binary: statsArchive,
      architecture: "arm64", member: "Odd|Name`s.o", library: nil)
    let stub = Evidence(
      symbol: "_objc_msgSend$fileModificationDate", via: .objcStub, binary: statsArchive, architecture: "arm64",
      member: "Stats.o", library: nil)
    let manifest = statsKit.appending("ios-arm64/PrivacyInfo.xcprivacy")
    return TargetReport(
      path: statsKit, kind: .xcframework,
      binaries: [
        BinarySummary(path: statsArchive, format: .machO, architectures: ["arm64"]),
        BinarySummary(
          path: statsKit.appending("ios-arm64_x86_64-simulator/libStats.a"), format: .machO,
          architectures: ["arm64", "x86_64"]),
      ],
      privacyManifest: manifest,
      usedCategories: [diskSpace, fileTimestamp], declaredCategories: [diskSpace, fileTimestamp],
      apiUses: [
        APIUse(category: diskSpace, api: "statfs", evidence: statfs),
        APIUse(category: fileTimestamp, api: "creationDate", evidence: swiftCreation),
        APIUse(category: fileTimestamp, api: "fileModificationDate", evidence: stub),
        APIUse(category: fileTimestamp, api: "fileModificationDate", evidence: modified),
      ],
      tracking: TrackingProfile(declaredTracking: true, trackingDomains: []),
      findings: [
        Finding(
          rule: .invalidReasonCode, severity: .error, subject: .category(fileTimestamp),
          message: "The reason code `ABCD.1` declared for \(fileTimestamp) does not exist.", file: manifest,
          evidence: [swiftCreation, stub, modified]),
        Finding(
          rule: .reasonNotForThisKind, severity: .warning, subject: .category(diskSpace),
          message: "3EC4.1 is for custom keyboard apps and cannot be declared by an SDK.", file: manifest,
          evidence: [statfs]),
        Finding(
          rule: .trackingDomainsMissing, severity: .warning, subject: .target,
          message: "NSPrivacyTracking is true and NSPrivacyTrackingDomains is empty.", file: manifest),
      ])
  }()
}
