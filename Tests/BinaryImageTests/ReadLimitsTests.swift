import BinaryImage
import Testing

/// Sizes as messages state them: a limit in its unit, and a size below 1 MiB never "0 MiB".
@Suite struct ReadLimitsTests {
  @Test(arguments: [
    (8 << 20, "8 MiB"), (4 << 30, "4 GiB"), (3 << 30 | 1 << 20, "3073 MiB"), (220 << 20 | 123, "220 MiB"),
    (1 << 20, "1 MiB"), (397_462, "388 KiB"), (1 << 10, "1 KiB"), (1023, "1023 bytes"), (0, "0 bytes"),
  ])
  func describesASizeInTheLargestWholeUnit(bytes: Int, text: String) {
    #expect(ReadLimits.describe(bytes) == text)
  }
}
