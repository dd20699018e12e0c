// LeakSanitizer's built-in suppressions for the warpsynth binary (read only by
// sanitizer builds). OpenSSL 3 initialises itself on first use, on whichever
// oneTBB worker thread first hashes a struct or a module: loading its
// configuration allocates that thread's error-queue state (OPENSSL_init_crypto
// -> CONF_modules_load_file_ex -> ERR_set_mark -> CRYPTO_zalloc), which LSan
// reports as a leak of about 900 bytes in some runs. The default fast unwinder
// stops at CRYPTO_zalloc (libcrypto has no frame pointers), hence the pattern.
extern "C" const char* __lsan_default_suppressions() {
    return "leak:CRYPTO_zalloc\n";
}
