import BinaryImage

/// Reads `Image.hosts`: the hosts named by whole strings (`HostName`) of the image's
/// `NSString` literals (`__cfstring`, `CFStrings`) and `__cstring` section, within
/// `HostCollector`'s caps.
enum HostStrings {
  /// Adds the hosts of the image's strings to `image`.
  /// - Throws: when a string section lies outside the image.
  static func read(_ context: ObjCSelectorReferences.Context, into image: inout Image) throws(BinaryError) {
    var collector = HostCollector()
    try CFStrings.forEach(context) { string, _ in collector.consider(string) }
    if let section = context.segments.section(named: "__cstring") {
      let strings = try context.image.slice(at: section.fileOffset, count: section.size, "Mach-O __cstring section")
      collector.considerStrings(in: strings.bytes)
    }
    image.hosts = collector.hosts
  }
}
