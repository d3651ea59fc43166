import BinaryImage
import Testing

/// `HostName`: which whole strings are hosts.
@Suite struct HostNameTests {
  private func host(_ string: String) -> String? {
    Array(string.utf8).withUnsafeBytes { HostName.host(in: $0) }
  }

  @Test(arguments: [
    ("https://app.adjust.com/session?app_token=1", "app.adjust.com"),
    ("HTTP://Status.Example.COM:8443/ping", "status.example.com"),
    ("http://a-b.c0.example.org", "a-b.c0.example.org"),
    ("https://graph.facebook.com#x", "graph.facebook.com"),
    ("api2.branch.io", "api2.branch.io"),
    ("doubleclick.net", "doubleclick.net"),
    // Issue 22, case 10: the forms a hand-written URL or host takes in real code.
    ("wss://stream.example.com/socket", "stream.example.com"),
    ("WS://stream.example.com", "stream.example.com"),
    ("api.example.com:443", "api.example.com"),
    ("api.example.com.", "api.example.com"),
    ("https://api.example.com./v1", "api.example.com"),
    ("//cdn.example.com/lib.js", "cdn.example.com"),
    ("https://user:pw@secret.example.com/x", "secret.example.com"),
    (#"https:\/\/app.adjust.com\/session"#, "app.adjust.com"),
    (#"{"url":"https:\/\/graph.facebook.com"}"#, "graph.facebook.com"),
    ("see https://docs.example.com for details", "docs.example.com"),
    ("https://a.com/with space", "a.com"),
    ("https://a.com\u{7f}", "a.com"),
  ])
  func hosts(_ string: String, _ expected: String) {
    #expect(host(string) == expected)
  }

  @Test(arguments: [
    "NSObject.load", "Info.plist", "libz.so", "main.swift", "Foo.app", "https://", "http://localhost:8080/x",
    "https://10.0.0.1/", "evil.com and more", "https://a.com:123456/", "https://a.com:/",
    "https://-a.com/", "https://a-.com/", "https://a..com/", "https://a.c/", "https://a.c0m/", "Example.com",
    "ftp://files.example.com", "xhttps://a.com", "a.com/", "com", "", "api.example.com:", "//localhost/x",
    "https://user@", "Api.example.com:443", "https:/a.com",
    "https://" + String(repeating: "a", count: 64) + ".com",
  ])
  func notHosts(_ string: String) {
    #expect(host(string) == nil, "\(string)")
  }

  /// Hosts named for another role than being contacted are no hosts (issue 33).
  @Test(arguments: [
    "type.googleapis.com", "https://type.googleapis.com/google.protobuf.Any", "https://apps.apple.com/app/id1",
    "https://itunes.apple.com/app/id1", "https://books.apple.com/b", "https://music.apple.com/a",
    "https://maps.apple.com/?q=x", "https://support.stripe.com/questions", "https://help.example.io/faq",
    "https://example.com/callback", "www.example.org", "HTTPS://Support.Stripe.COM/x", "https://TYPE.googleapis.com/",
  ])
  func hostsNamedForAnotherRoleAreNoHosts(_ string: String) {
    #expect(host(string) == nil, "\(string)")
  }

  @Test func everyURLOfAStringIsAHost() {
    var hosts: [String] = []
    Array("https://app.adjust.com/a https://api2.branch.io,wss://x.example.org".utf8).withUnsafeBytes {
      HostName.forEachHost(in: $0) { host, _ in hosts.append(host) }
    }
    #expect(hosts == ["app.adjust.com", "api2.branch.io", "x.example.org"])
  }

  /// A host is kept once per image however its URLs spell its case, in the order first found.
  @Test func aCollectorKeepsEachHostOnceWhateverItsCase() {
    var collector = HostCollector()
    for string in [
      "https://API.example.com/a", "https://api.example.com/b", "cdn.example.net", "HTTP://Api.Example.Com",
    ] {
      Array(string.utf8).withUnsafeBytes { _ = collector.consider($0) }
    }
    #expect(collector.hosts == ["api.example.com", "cdn.example.net"])
  }

  @Test func bytesThatAreNotUTF8AreNoHost() {
    #expect([0x68, 0xff, 0x2e, 0x63, 0x6f, 0x6d].withUnsafeBytes { HostName.host(in: $0) } == nil)
  }
}
