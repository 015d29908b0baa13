// The cairn executable: dispatches to one thin file per command (placeholder until cli/ lands).
#include <cstdio>
int main() { std::puts("cairn"); return 0; }
