/* The running kernel's meaning of the pair (odc_meaning.h). */
#include <errno.h>
#include <limits.h>
#include <sys/utsname.h>

#include "odc_abi.h"
#include "odc_meaning.h"
#include "odc_trap.h"

#define ODC_MEANING_UNKNOWN (-1)
#define ODC_UNASKED LONG_MIN	/* no answer yet: an errno is never so negative */

static long odc_answer = ODC_UNASKED;
static int odc_meaning = ODC_MEANING_UNKNOWN;

static long odc_meaning_question(void)
{
	long ret = odc_trap(ODC_NR_OPENAT, AT_FDCWD, (long)"", ODC_QUESTION_FLAGS, 0, 0, 0);

	if (ret >= 0)
		odc_trap(ODC_NR_CLOSE, ret, 0, 0, 0, 0, 0);
	return ret;
}

/* The number at *S, and *S past it (not strtol, which may consult the locale). */
static long odc_release_number(const char **s)
{
	long n = 0;

	for (; **s >= '0' && **s <= '9'; (*s)++)
		n = n * 10 + (**s - '0');
	return n;
}

/* Linux before 5.7 (973d4b73fbaf) returned the file it created. */
static enum odc_mode odc_older_meaning(void)
{
	struct utsname uts;

	if (uname(&uts) < 0)
		return ODC_LINUX57;
	const char *s = uts.release;
	long major = odc_release_number(&s);
	long minor = *s == '.' ? (s++, odc_release_number(&s)) : 0;
	return major < 5 || (major == 5 && minor < 7) ? ODC_LEGACY : ODC_LINUX57;
}

static enum odc_mode odc_meaning_of(long answer)
{
	switch (answer) {
	case -EINVAL:
		return ODC_EINVAL;
	case -ENOTDIR:
		return ODC_MKDIR;
	case -ENOENT:
		return odc_older_meaning();
	default:
		return ODC_NATIVE;
	}
}

/* Racing first askers ask alike and store alike. */
long odc_kernel_answer(void)
{
	long answer = __atomic_load_n(&odc_answer, __ATOMIC_RELAXED);

	if (answer == ODC_UNASKED) {
		answer = odc_meaning_question();
		__atomic_store_n(&odc_answer, answer, __ATOMIC_RELAXED);
	}
	return answer;
}

enum odc_mode odc_kernel_meaning(void)
{
	int meaning = __atomic_load_n(&odc_meaning, __ATOMIC_RELAXED);

	if (meaning == ODC_MEANING_UNKNOWN) {
		int saved_errno = errno;
		meaning = odc_meaning_of(odc_kernel_answer());
		__atomic_store_n(&odc_meaning, meaning, __ATOMIC_RELAXED);
		errno = saved_errno;
	}
	return (enum odc_mode)meaning;
}
