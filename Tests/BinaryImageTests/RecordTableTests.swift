import BinaryImage
import TestSupport
import Testing

@Suite struct RecordTableTests {
  @Test func aTableHoldsItsWholeRecordsWithTheirFileOffsets() {
    // Three 6-byte records, then 4 bytes of a fourth that is not there.
    let bytes = [UInt8](0..<22)
    withReader(bytes, baseOffset: 0x1000) { reader in
      let table = RecordTable(reader, stride: 6)
      #expect(table.count == 3)
      let second = table.record(1)
      #expect(second?.fileOffset == 0x1006)
      #expect(second?.field(UInt16.self, at: 0) == 0x0706)
      #expect(second?.field(UInt32.self, at: 2) == 0x0b0a_0908)
      #expect(table.record(3) == nil)
      #expect(table.record(-1) == nil)
      #expect(table.record(Int.max) == nil)
    }
  }

  @Test func fieldsAreReadInTheReadersByteOrder() {
    let value = withReader([0x01, 0x02, 0x03, 0x04], byteOrder: .big) { reader in
      RecordTable(reader, stride: 4).record(0)?.field(UInt32.self, at: 0)
    }
    #expect(value == 0x0102_0304)
  }

  @Test func forEachRecordVisitsEveryRecordInOrder() {
    withReader([UInt8](0..<9)) { reader in
      var seen: [(Int, UInt8, UInt64)] = []
      RecordTable(reader, stride: 4).forEachRecord { index, record in
        seen.append((index, record.field(UInt8.self, at: 3), record.fileOffset))
      }
      #expect(seen.map(\.0) == [0, 1])
      #expect(seen.map(\.1) == [3, 7])
      #expect(seen.map(\.2) == [0, 4])
    }
  }

  @Test func aTableShorterThanOneRecordIsEmpty() {
    withReader([1, 2, 3]) { reader in
      let table = RecordTable(reader, stride: 16)
      #expect(table.count == 0)
      #expect(table.record(0) == nil)
    }
  }
}
