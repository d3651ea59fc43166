import AuditModel
import BinaryImage
import Foundation
import JSONDocuments
import PrivacyAudit
import PrivacyCatalog
import ScanFiles

/// The options that name a JSON document of the user's (`--policy`, `--baseline`): the file is
/// read whole (within its limit: `ReadLimits.reportBytes` for a saved report,
/// `ReadLimits.policyBytes` for a policy) and handed to its parser, so the parsers stay free of I/O.
enum JSONDocumentOption {
  /// Reads the file at `path` and parses it with `parse`.
  ///
  /// A file that cannot be read or parsed is an unusable input, not a usage error: it is reported
  /// on standard error as `sdkvet: error: FILE: $.json.path: reason`, and the command ends with
  /// exit status 1.
  /// - Returns: The parsed document, or `nil` after reporting why there is none.
  static func load<Document>(
    _ path: String, limit: Int, context: CommandContext, parse: (Data, String) throws(JSONDocumentError) -> Document
  ) -> Document? {
    do throws(JSONDocumentError) {
      let data: Data
      do throws(BinaryError) {
        data = Data(try FileBytes.wholeDocument(at: path, limit: limit))
      } catch {
        throw JSONDocumentError(file: path, path: "$", message: error.message)
      }
      return try parse(data, path)
    } catch {
      context.streams.error("sdkvet: error: \(error.description)")
      return nil
    }
  }
}
