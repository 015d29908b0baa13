// aarch64-virt support routines the compiled runtime may call when the compiler does not inline them:
// memmove, memcmp, strlen, strcmp, and the rounding and square-root functions of <cmath> (one instruction each).
    .text

// void* memmove(void* d, const void* s, size_t n): forwards unless d lies above s inside the source.
    .global memmove
    .type   memmove, %function
memmove:
    cmp     x0, x1
    b.ls    2f
    add     x3, x1, x2
    cmp     x0, x3
    b.hs    2f
    add     x4, x0, x2              // backwards
1:  cbz     x2, 4f
    ldrb    w5, [x3, #-1]!
    strb    w5, [x4, #-1]!
    sub     x2, x2, #1
    b       1b
2:  mov     x4, x0                  // forwards
3:  cbz     x2, 4f
    ldrb    w5, [x1], #1
    strb    w5, [x4], #1
    sub     x2, x2, #1
    b       3b
4:  ret
    .size   memmove, . - memmove

// int memcmp(const void* a, const void* b, size_t n)
    .global memcmp
    .type   memcmp, %function
memcmp:
1:  cbz     x2, 2f
    ldrb    w3, [x0], #1
    ldrb    w4, [x1], #1
    sub     x2, x2, #1
    subs    w5, w3, w4
    b.eq    1b
    mov     w0, w5
    ret
2:  mov     w0, #0
    ret
    .size   memcmp, . - memcmp

// size_t strlen(const char* s)
    .global strlen
    .type   strlen, %function
strlen:
    mov     x1, x0
1:  ldrb    w2, [x1], #1
    cbnz    w2, 1b
    sub     x0, x1, x0
    sub     x0, x0, #1
    ret
    .size   strlen, . - strlen

// int strcmp(const char* a, const char* b)
    .global strcmp
    .type   strcmp, %function
strcmp:
1:  ldrb    w2, [x0], #1
    ldrb    w3, [x1], #1
    subs    w4, w2, w3
    b.ne    2f
    cbnz    w2, 1b
2:  mov     w0, w4
    ret
    .size   strcmp, . - strcmp

    .macro  unary name, insn, reg
    .global \name
    .type   \name, %function
\name:
    \insn   \reg\()0, \reg\()0
    ret
    .size   \name, . - \name
    .endm
    unary   sqrt, fsqrt, d
    unary   sqrtf, fsqrt, s
    unary   floor, frintm, d
    unary   floorf, frintm, s
    unary   ceil, frintp, d
    unary   ceilf, frintp, s
    unary   trunc, frintz, d
    unary   truncf, frintz, s
    unary   fabs, fabs, d
    unary   fabsf, fabs, s
