// Defaults read by the sanitizer runtimes when cairn is built with them (ignored otherwise).
// libcln (linked by cvc5) keeps one allocation from its static initialisation: not a leak of ours.
extern "C" const char* __lsan_default_suppressions() { return "leak:libcln.so\n"; }
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }
