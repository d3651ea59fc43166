import Foundation
import PropertyLists

/// The error message parsing `data` as a property list gives, or `nil` when it parses.
func parseFailure(_ data: Data) -> String? {
  do {
    _ = try PropertyListDocument(parsing: data)
    return nil
  } catch {
    return error.message
  }
}
