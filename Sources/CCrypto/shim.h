// Umbrella header: the part of OpenSSL's libcrypto the package uses, its EVP digests (SHA-256,
// with the CPU's SHA extensions where it has them). Nothing else of OpenSSL is called.
#include <openssl/evp.h>
