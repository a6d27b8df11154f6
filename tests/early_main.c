/* Prints what libearly's constructor got from its early open calls. */
#include <stdio.h>

const char *early_result(void);

int main(void)
{
	puts(early_result());
	return 0;
}
