/// Which imports and Objective-C selector references a reader keeps, for a caller that needs
/// only some of them: the scan keeps only the names its catalog can match, so an image's other
/// thousands of imports cost a lookup each instead of a copy, a de-duplication and a match.
///
/// A name left out is still counted against the image's name limit (`NameTable`), so an image
/// fails or passes that limit whatever the filter keeps. The Mach-O reader honours the filter;
/// the ELF reader keeps every import (its loader-view check compares all of them).
///
/// A class protocol: the reader asks once per name, and calling through a class existential
/// borrows the filter's tables where a struct's would be copied out (and retained) per call.
public protocol ImportFilter: AnyObject, Sendable {
  /// Whether the import spelled `name` (as its symbol table or bind stream spells it) is kept.
  func keepsImport(_ name: UnsafeRawBufferPointer) -> Bool
  /// Whether the selector reference `name` is kept.
  func keepsSelector(_ name: UnsafeRawBufferPointer) -> Bool
}
