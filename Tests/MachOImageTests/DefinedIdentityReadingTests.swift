import BinaryImage
import MachOImage
import ScanFiles
import TestSupport
import Testing

/// `ReadOptions.definedIdentities` on a real framework: the classes it defines are collected
/// without keeping its definitions, and only when asked.
@Suite struct DefinedIdentityReadingTests {
  private func read(_ options: ReadOptions) throws -> Image {
    let path = SampleLocator.sample("sdks/VendorAdsKit.framework/VendorAdsKit")
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    return try #require(try MachOReader.read(file, path: path, options: options).images.first)
  }

  @Test func theAuditReadsDefinedClassesButNoDefinitions() throws {
    let image = try read(.audit)
    #expect(image.definedClasses.map(image.names.string).sorted() == ["FBSDKSampleAppEvents", "FBSDKSampleSettings"])
    #expect(image.swiftModuleDescriptors.map(image.names.string) == ["_$s9Alamofire7SessionCMn"])
    #expect(!image.symbols.contains { $0.isDefined })
    #expect(image.imports.contains { image.names.string($0.name) == "_OBJC_CLASS_$_NSObject" })
  }

  @Test func otherOptionsCollectNothing() throws {
    #expect(try read(.imports).definedClasses.isEmpty)
    #expect(try read(.all).definedClasses.isEmpty && read(.all).swiftModuleDescriptors.isEmpty)
  }
}
