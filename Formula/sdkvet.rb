# Homebrew formula: builds sdkvet from source with Homebrew's libarchive (archives read in place).
# Not tried: written on Linux, where no Mac was available. Before publishing it in a tap, set `url`
# and `sha256` to the release's source tarball (`brew fetch --build-from-source` prints the hash);
# until then `brew install --HEAD ./Formula/sdkvet.rb` builds the default branch.
class Sdkvet < Formula
  desc "Audit compiled SDKs and apps for Apple's privacy rules, without their source"
  homepage "https://github.com/your-org/sdkvet"
  url "https://github.com/your-org/sdkvet/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/your-org/sdkvet.git", branch: "main"

  depends_on xcode: ["16.3", :build]
  depends_on "pkgconf" => :build
  depends_on "libarchive"
  depends_on macos: :sequoia

  def install
    # Homebrew's libarchive is keg-only: its pkg-config file is found through this path.
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["libarchive"].opt_lib/"pkgconfig"
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "sdkvet",
           "--traits", "LibArchive"
    bin.install ".build/release/sdkvet"
    (man1/"sdkvet.1").write Utils.safe_popen_read(bin/"sdkvet", "--man-page")
    generate_completions_from_executable(bin/"sdkvet", "completions")
    pkgshare.install "Samples/sdks/NoManifestKit.framework"
  end

  test do
    # A framework whose binary asks for the disk space (statfs) and that ships no privacy manifest.
    output = shell_output("#{bin}/sdkvet scan --format json #{pkgshare}/NoManifestKit.framework", 1)
    assert_match "missing-privacy-manifest", output
    assert_match "NSPrivacyAccessedAPICategoryDiskSpace", output
    assert_match version.to_s, shell_output("#{bin}/sdkvet --version")
  end
end
