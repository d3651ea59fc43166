/* ImportingLibsKit: a vendor framework that uses the same five SDKs from another file, the
 * library @rpath/libbundleddeps.dylib (linked against its text stub, BundledDeps.tbd; the name
 * is none of the SDKs'): it imports every class and C symbol BundledLibsKit defines and defines
 * none of them, so it includes none of the SDKs. No required-reason API; no manifest. */
#include "../../sdks/src/include/sdk_decls.h"

typedef struct { int placeholder; } bundled_stream;

@interface FBLPromise : NSObject
+ (int)pendingCount;
@end
@interface OneSignalExtension : NSObject
@end
@interface OneSignalExtensionBadgeHandler : NSObject
@end
@interface OSRequestReceiveReceipts : NSObject
@end

extern const void *const FBLPromiseErrorDomain;
int FBLWaitForPromisesWithTimeout(double timeout);
int pb_encode(bundled_stream *stream, const void *fields, const void *source);
int pb_decode(bundled_stream *stream, const void *fields, void *destination);
bundled_stream pb_ostream_from_buffer(unsigned char *buffer, size_t size);
bundled_stream pb_istream_from_buffer(const unsigned char *buffer, size_t size);
void *SSL_CTX_new(const void *method);
int OPENSSL_init_ssl(unsigned long long options, const void *settings);
int OPENSSL_init_crypto(unsigned long long options, const void *settings);
int SSL_CTX_dane_enable(void *context);
void *GRPC_SSL_CTX_new(const void *method);
void *GRPC_SSL_new(void *context);
int GRPC_SSL_library_init(void);

/* Every import is reached, so the linker keeps it. */
int importinglibs_start(unsigned char *buffer) {
  bundled_stream output = pb_ostream_from_buffer(buffer, 8);
  bundled_stream input = pb_istream_from_buffer(buffer, 8);
  int used = pb_encode(&output, buffer, buffer) + pb_decode(&input, buffer, buffer);
  used += OPENSSL_init_ssl(0, 0) + OPENSSL_init_crypto(0, 0) + SSL_CTX_dane_enable(SSL_CTX_new(buffer));
  used += GRPC_SSL_library_init() + (GRPC_SSL_new(GRPC_SSL_CTX_new(buffer)) != 0);
  used += FBLWaitForPromisesWithTimeout(1.0) + (FBLPromiseErrorDomain != 0) + [FBLPromise pendingCount];
  used += [OneSignalExtension alloc] != 0;
  used += [OneSignalExtensionBadgeHandler alloc] != 0;
  used += [OSRequestReceiveReceipts alloc] != 0;
  return used;
}
