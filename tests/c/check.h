/* The C tests' checks (tests/c/test_c_*.c, each one program): CHECK counts a passed or failed condition and prints
 * the line of a failed one; check_summary prints "N passed, N failed" and answers the program's exit status. */
#ifndef IRI_TESTS_C_CHECK_H
#define IRI_TESTS_C_CHECK_H

#include <stdio.h>

static int passed = 0;
static int failed = 0;

static void check_at(int ok, const char* what, int line) {
    if (ok) {
        ++passed;
    } else {
        ++failed;
        printf("FAILED line %d: %s\n", line, what);
    }
}
#define CHECK(cond) check_at((cond) != 0, #cond, __LINE__)

/* Prints the counts; 0 when nothing failed, else 1. */
static int check_summary(void) {
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

#endif
