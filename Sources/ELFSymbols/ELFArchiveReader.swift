#if canImport(CLibELF)
  import BinaryImage

  /// Walks an ar archive of ELF objects member by member (`elf_begin` / `elf_next` /
  /// `elf_getarhdr`), reading each object into an image.
  ///
  /// A member that cannot be read becomes a problem attributed to it and the walk goes on; a
  /// corrupt member header ends the walk (nothing after it can be located), also as a problem.
  enum ELFArchiveReader {
    /// Members that are archive indices, not objects: GNU `/`, `//`, `/SYM64/`, BSD `__.SYMDEF*`.
    private static let indexNames: Set<String> = ["/", "//", "/SYM64/"]
    private static let bsdIndexPrefix = "__.SYMDEF"
    private static let bsdLongNamePrefix = "#1/"
    private static let memberHeaderSize: Int64 = 60

    /// Reads every object member of `archive`, whose bytes are `archiveSize` long.
    static func read(_ archive: ELFDescriptor, archiveSize: Int, options: ReadOptions) -> (
      images: [Image], problems: [BinaryError]
    ) {
      var images: [Image] = []
      var problems: [BinaryError] = []
      var ordinal = 0
      let firstHeader = 8  // after "!<arch>\n"
      if archiveSize <= firstHeader { return ([], []) }  // an archive without members
      if archiveSize - firstHeader < Int(memberHeaderSize) {
        let error = BinaryError(
          .truncated, "ELF archive: the first member header is cut short", offset: UInt64(firstHeader))
        return ([], [error.located(member: "member 1")])
      }
      // Each member takes at least a 60-byte header, so this bounds the walk by the bytes.
      for _ in 0...(archiveSize / Int(memberHeaderSize)) {
        ordinal += 1
        let member: ELFDescriptor
        do {
          guard let current = try LibELF.currentMember(of: archive) else { break }
          member = current
        } catch {
          problems.append(error.located(member: "member \(ordinal)"))
          break
        }
        defer { LibELF.end(member) }
        do {
          if let image = try readMember(member, options: options) { images.append(image) }
        } catch {
          problems.append(error.located(member: (try? LibELF.memberName(member).name) ?? "member \(ordinal)"))
        }
        if let problem = advance(pastMember: member, archiveSize: archiveSize, ordinal: ordinal + 1) {
          if let problem = problem { problems.append(problem) }
          break
        }
      }
      return (images, problems)
    }

    /// Reads one member; `nil` for index members.
    private static func readMember(_ member: ELFDescriptor, options: ReadOptions) throws(BinaryError) -> Image? {
      let names = try LibELF.memberName(member)
      if indexNames.contains(names.name) || names.name.hasPrefix(bsdIndexPrefix) { return nil }
      if names.rawName.hasPrefix(bsdLongNamePrefix) {
        return try readBSDLongNameMember(
          member, lengthText: names.rawName.dropFirst(bsdLongNamePrefix.count), options: options)
      }
      return try readObject(member, name: names.name, options: options)
    }

    /// A BSD `#1/N` member stores its name in the first N bytes of its data, which libelf does not
    /// know: the object is opened from the bytes after the name.
    private static func readBSDLongNameMember(
      _ member: ELFDescriptor, lengthText: Substring, options: ReadOptions
    ) throws(BinaryError) -> Image? {
      let raw = try LibELF.rawBytes(member)
      guard let nameLength = Int(lengthText), nameLength >= 0, nameLength <= raw.count else {
        throw BinaryError(
          .malformed,
          "ELF archive: BSD member name length \"\(lengthText)\" does not fit the member (\(raw.count) bytes)")
      }
      let name = String(fileBytes: ByteReader.trimmedAtNUL(UnsafeRawBufferPointer(rebasing: raw[..<nameLength])))
      if name.hasPrefix(bsdIndexPrefix) { return nil }
      do {
        let object = try LibELF.open(memory: UnsafeMutableRawBufferPointer(rebasing: raw[nameLength...]))
        defer { LibELF.end(object) }
        return try readObject(object, name: name, options: options)
      } catch {
        throw error.located(member: name)
      }
    }

    private static func readObject(_ object: ELFDescriptor, name: String, options: ReadOptions) throws(BinaryError)
      -> Image
    {
      switch LibELF.kind(object) {
      case .elf:
        try ELFHeaderCheck.validate(UnsafeRawBufferPointer(try LibELF.rawBytes(object)))
        return try ELFImageReader.read(object, member: name, options: options)
      case .archive:
        throw BinaryError(.unsupported, "ELF archive: nested archives are not read")
      case .other:
        throw BinaryError(.notBinary, "ELF archive: member is not an ELF object")
      }
    }

    /// Moves past `member`: `nil` when another member follows, `.some(nil)` at the end of the
    /// archive, and `.some(problem)` when the next member header is corrupt or cut short.
    ///
    /// `elf_next` answers "no more members" both at the end and at a bad header; the member's
    /// own extent tells the two apart.
    private static func advance(pastMember member: ELFDescriptor, archiveSize: Int, ordinal: Int) -> BinaryError?? {
      let extent = try? LibELF.memberExtent(member)  // before elf_next: libelf keeps one current header
      guard let failure = LibELF.advance(pastMember: member) else { return nil }
      guard let extent else { return .some(nil) }
      let (next, overflow) = extent.headerOffset.addingReportingOverflow(
        memberHeaderSize &+ extent.size &+ (extent.size & 1))
      guard !overflow, next >= 0, next < Int64(archiveSize) else { return .some(nil) }
      let headerOffset = UInt64(next)
      let remaining = Int64(archiveSize) - next
      if remaining < memberHeaderSize {
        return BinaryError(
          .truncated, "ELF archive: \(remaining) trailing bytes are too short for a member header",
          offset: headerOffset,
          member: "member \(ordinal)")
      }
      return BinaryError(
        .malformed, "ELF archive: member header is corrupt (\(failure.message))", offset: headerOffset,
        member: "member \(ordinal)")
    }
  }
#endif
