import BinaryImage
import Dispatch
import Foundation
import ScanFiles
import Synchronization

/// One read of a zip entry's leading bytes during indexing: the entry (its position among the
/// archive's entries) and how many bytes are wanted.
struct LeadingBytesRead: Sendable {
  var entry: Int
  var wanted: Int
}

extension ArchiveIndex {
  /// Reads that are split among cores only past this many, so that each core's walk to its
  /// first entry (a header step per entry before it) costs little next to its reads.
  static let readsPerCore = 256

  /// The leading bytes of each of `reads` (in ascending entry order), or why they could not be
  /// read, by entry. Split among the cores in runs of consecutive entries, each read by its own
  /// stream that steps over the headers before its first entry: a zip reaches an entry through
  /// its central directory, so a step decompresses nothing. `wholeFiles` reads end at their
  /// entries' ends, so their checksums are summed; the others read first bytes only.
  /// - Throws: `BinaryError` when a stream cannot be opened, or the archive ends before an entry
  ///   the first pass listed.
  static func read(_ reads: [LeadingBytesRead], of bytes: FileBytes, wholeFiles: Bool) throws(BinaryError)
    -> [(entry: Int, read: Result<[UInt8], BinaryError>)]
  {
    guard !reads.isEmpty else { return [] }
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let runs = max(1, min(cores, reads.count / readsPerCore))
    let runLength = (reads.count + runs - 1) / runs
    let results = Mutex<[Int: Result<[(entry: Int, read: Result<[UInt8], BinaryError>)], BinaryError>]>([:])
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      let slice = reads[min(reads.count, run * runLength)..<min(reads.count, (run + 1) * runLength)]
      let outcome = Result { () throws(BinaryError) in try readRun(slice, of: bytes, wholeFiles: wholeFiles) }
      results.withLock { $0[run] = outcome }
    }
    var all: [(entry: Int, read: Result<[UInt8], BinaryError>)] = []
    for run in 0..<runs {
      guard let outcome = results.withLock({ $0[run] }) else { continue }
      all += try outcome.get()
    }
    return all
  }

  /// One run of consecutive reads over one stream.
  private static func readRun(_ reads: ArraySlice<LeadingBytesRead>, of bytes: FileBytes, wholeFiles: Bool)
    throws(BinaryError) -> [(entry: Int, read: Result<[UInt8], BinaryError>)]
  {
    var stream = try ArchiveStream(
      bytes: bytes.bytes, sumsChecksums: wholeFiles,
      readSize: wholeFiles ? ArchiveStream.readSize : ArchiveStream.firstBytesReadSize)
    var ordinal = -1
    var done: [(entry: Int, read: Result<[UInt8], BinaryError>)] = []
    for read in reads {
      while ordinal < read.entry {
        guard try stream.nextEntry() != nil else {
          throw BinaryError(.truncated, "archive ends before its entry \(read.entry + 1)")
        }
        ordinal += 1
      }
      done.append((read.entry, Result { () throws(BinaryError) in try readPrefix(of: &stream, wanted: read.wanted) }))
    }
    return done
  }
}
