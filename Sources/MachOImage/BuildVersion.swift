import BinaryImage

/// Platforms and OS versions from `LC_BUILD_VERSION` (`struct build_version_command`) and
/// `LC_VERSION_MIN_*` (`struct version_min_command`).
enum BuildVersionCommands {
  /// The platform name for `PLATFORM_*` (`<mach-o/loader.h>`), as sdkvet prints it.
  static func platformName(_ platform: UInt32) -> String {
    switch platform {
    case 1: "macos"  // PLATFORM_MACOS
    case 2: "ios"  // PLATFORM_IOS
    case 3: "tvos"  // PLATFORM_TVOS
    case 4: "watchos"  // PLATFORM_WATCHOS
    case 5: "bridgeos"  // PLATFORM_BRIDGEOS
    case 6: "maccatalyst"  // PLATFORM_MACCATALYST
    case 7: "ios-simulator"  // PLATFORM_IOSSIMULATOR
    case 8: "tvos-simulator"  // PLATFORM_TVOSSIMULATOR
    case 9: "watchos-simulator"  // PLATFORM_WATCHOSSIMULATOR
    case 10: "driverkit"  // PLATFORM_DRIVERKIT
    case 11: "visionos"  // PLATFORM_VISIONOS
    case 12: "visionos-simulator"  // PLATFORM_VISIONOSSIMULATOR
    default: "platform-\(platform)"
    }
  }

  /// A packed `xxxx.yy.zz` version as text, without a trailing `.0` patch.
  static func versionText(_ packed: UInt32) -> String {
    let major = packed >> 16
    let minor = (packed >> 8) & 0xff
    let patch = packed & 0xff
    return patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
  }

  /// The build version in an `LC_BUILD_VERSION` command.
  static func buildVersion(_ command: LoadCommand) throws(BinaryError) -> MachOMetadata.BuildVersion {
    let platform = try command.body.peek(UInt32.self, at: 8, "Mach-O LC_BUILD_VERSION: platform")
    let minimum = try command.body.peek(UInt32.self, at: 12, "Mach-O LC_BUILD_VERSION: minos")
    let sdk = try command.body.peek(UInt32.self, at: 16, "Mach-O LC_BUILD_VERSION: sdk")
    return MachOMetadata.BuildVersion(
      platform: platformName(platform), minimumOS: versionText(minimum), sdk: versionText(sdk))
  }

  /// The build version in an `LC_VERSION_MIN_*` command, or `nil` when `command` is not one.
  ///
  /// These older commands do not tell a device from a simulator build; the architecture does
  /// (x86 slices of an iOS minimum-version command are simulator builds).
  static func minimumVersion(_ command: LoadCommand, architecture: @autoclosure () -> String) throws(BinaryError)
    -> MachOMetadata.BuildVersion?
  {
    let platforms: (device: String, simulator: String)
    switch command.type {
    case LoadCommandType.versionMinMacOS: platforms = ("macos", "macos")
    case LoadCommandType.versionMinIPhoneOS: platforms = ("ios", "ios-simulator")
    case LoadCommandType.versionMinTVOS: platforms = ("tvos", "tvos-simulator")
    case LoadCommandType.versionMinWatchOS: platforms = ("watchos", "watchos-simulator")
    default: return nil
    }
    let architecture = architecture()  // named only for these commands: most images have none
    let isIntel = architecture == "i386" || architecture.hasPrefix("x86_64")
    let platform = isIntel ? platforms.simulator : platforms.device
    let minimum = try command.body.peek(UInt32.self, at: 8, "Mach-O LC_VERSION_MIN: version")
    let sdk = try command.body.peek(UInt32.self, at: 12, "Mach-O LC_VERSION_MIN: sdk")
    return MachOMetadata.BuildVersion(platform: platform, minimumOS: versionText(minimum), sdk: versionText(sdk))
  }
}
