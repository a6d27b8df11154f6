/* fuzz_report's parts (tests/fuzz/report/): what the harness checks its output with. */
#ifndef FUZZ_REPORT_H
#define FUZZ_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_report_drill.h"
#include "odc_report_rows.h"
#include "odc_report_parse.h"
#include "odc_report_read.h"

/* WHAT broke, with the output OUT (LEN bytes): said, then abort(), so that libFuzzer keeps the input. */
_Noreturn void fuzz_fail(const char *what, const char *out, size_t len);

/* Whether S, NUL-terminated, is one JSON value and nothing else (json.c). */
bool fuzz_json(const char *s);

/* The text's checks (text_checks.c), each failing through fuzz_fail. */
void check_text_rows(const struct odc_report *rep, const char *out, size_t len);
void check_notice(const struct odc_report *rep, const char *out, size_t len);
void check_drill_heads(const struct odc_drill *d, const char *out, size_t len);

#endif
