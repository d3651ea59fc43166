/* A vendor object that compiled a listed SDK (a stand-in for nanopb's pb_encode) with hidden
 * visibility, beside a helper private to this file that happens to share an OpenSSL function's
 * name (SSL_CTX_new). In the object the hidden definition is global with STV_HIDDEN and the
 * helper is local with default visibility: only the first is the SDK's code. */
__attribute__((visibility("hidden"))) int pb_encode(const void *stream, const void *fields, const void *source) {
  return stream && fields && source;
}

__attribute__((noinline, used)) static void *SSL_CTX_new(const void *method) { return (void *)method; }

int hiddenlibs_start(const void *method) { return SSL_CTX_new(method) != 0 && pb_encode(method, method, method); }
