// aarch64-virt start-up (language.md §14.7): stack, .bss, FP/SIMD, static constructors, cf_main, and the exit
// through ARM semihosting SYS_EXIT, which QEMU turns into its own exit status; the PL011 UART byte sink;
// memset and memcpy, the two routines the compiler may call on its own.
    .section .text.boot, "ax"
    .global _start
_start:
    ldr     x0, =__stack_top
    mov     sp, x0
    // CPACR_EL1.FPEN = 0b11: FP and SIMD instructions do not trap at EL1 or EL0.
    mrs     x0, cpacr_el1
    orr     x0, x0, #(3 << 20)
    msr     cpacr_el1, x0
    isb
    // Zero .bss (the linker script aligns both ends to 16).
    ldr     x0, =__bss_start
    ldr     x1, =__bss_end
1:  cmp     x0, x1
    b.hs    2f
    stp     xzr, xzr, [x0], #16
    b       1b
    // Static constructors, in order.
2:  ldr     x19, =__init_array_start
    ldr     x20, =__init_array_end
3:  cmp     x19, x20
    b.hs    4f
    ldr     x0, [x19], #8
    blr     x0
    b       3b
4:  bl      cf_main
    b       cr_exit

    .text
// extern "C" [[noreturn]] void cr_exit(int status): SYS_EXIT (0x18) with the block
// {ADP_Stopped_ApplicationExit (0x20026), status}; QEMU exits with status.
    .global cr_exit
    .type   cr_exit, %function
cr_exit:
    sub     sp, sp, #16
    mov     x1, #0x0026
    movk    x1, #0x2, lsl #16
    sxtw    x2, w0
    stp     x1, x2, [sp]
    mov     x1, sp
    mov     w0, #0x18
    hlt     #0xf000
5:  wfi                             // not reached under QEMU with -semihosting
    b       5b
    .size   cr_exit, . - cr_exit

// extern "C" long cr_cmdline(char* buf, long size): SYS_GET_CMDLINE (0x15) with the block {buf, size}: the
// emulator's command line for the image (QEMU: the image's path, then what -append gave), NUL-terminated in
// buf; its length, or -1 when the host gives none. Only a batch image uses it (cairn fuzz: one image holds many
// programs and each emulator start runs the one its command line names).
    .global cr_cmdline
    .type   cr_cmdline, %function
cr_cmdline:
    sub     sp, sp, #16
    stp     x0, x1, [sp]
    mov     x1, sp
    mov     w0, #0x15
    hlt     #0xf000
    cbnz    x0, 7f
    ldr     x0, [sp, #8]
    add     sp, sp, #16
    ret
7:  mov     x0, #-1
    add     sp, sp, #16
    ret
    .size   cr_cmdline, . - cr_cmdline

// extern "C" void cr_uart_putc(int byte): waits while the PL011 TX FIFO is full (FR bit 5), then writes DR.
    .global cr_uart_putc
    .type   cr_uart_putc, %function
cr_uart_putc:
    mov     x1, #0x09000000
6:  ldr     w2, [x1, #0x18]
    tbnz    w2, #5, 6b
    and     w0, w0, #0xff
    str     w0, [x1]
    ret
    .size   cr_uart_putc, . - cr_uart_putc

// void* memset(void* d, int c, size_t n)
    .global memset
    .type   memset, %function
memset:
    mov     x3, x0
7:  cbz     x2, 8f
    strb    w1, [x3], #1
    sub     x2, x2, #1
    b       7b
8:  ret
    .size   memset, . - memset

// void* memcpy(void* d, const void* s, size_t n)
    .global memcpy
    .type   memcpy, %function
memcpy:
    mov     x3, x0
9:  cbz     x2, 10f
    ldrb    w4, [x1], #1
    strb    w4, [x3], #1
    sub     x2, x2, #1
    b       9b
10: ret
    .size   memcpy, . - memcpy
