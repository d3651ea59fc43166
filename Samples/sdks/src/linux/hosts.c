/* Hosts in an ELF shared object's .rodata: one URL and one bare host name, beside a decoy
 * file name. No privacy-relevant API, no manifest: it only lists hosts. */
const char *const hosts_endpoints[] = {
  "https://app-measurement.com/a",
  "config.hostskit.example.com",
  "libhosts.so",
};
