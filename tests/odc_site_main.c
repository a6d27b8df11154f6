/*
 * odc_site: the pair's call made from chosen places (tests/site.bats), so
 * that where= can be held to each. Each call's result goes to stdout.
 *
 *   odc_site main PATH             the program calls open() itself
 *   odc_site lib PATH              libodc_site.so calls it for the program
 *   odc_site threads N PATH        N threads at once, 200 calls each, in turn from
 *                                  the program and from the library
 *   odc_site reload LIB1 LIB2 PATH LIB1 opened with dlopen, called, closed; then
 *                                  LIB2: the address each was mapped at first
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int odc_site_open(const char *path);

static const char *site_path;

static int site_main(const char *path)
{
	int fd = open(path, O_RDONLY | O_CREAT | O_DIRECTORY, 0755);

	return fd < 0 ? -errno : fd;
}

static void *site_thread(void *arg)
{
	for (int i = 0; i < 200; i++)
		(i + (int)(long)arg) % 2 ? site_main(site_path) : odc_site_open(site_path);
	return NULL;
}

static int site_threads(int n)
{
	pthread_t t[64];

	if (n < 1 || n > 64)
		return 2;
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], NULL, site_thread, (void *)i);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}

/* LIB opened, its odc_site_open called on PATH, closed: where its code was. */
static int site_reload(const char *lib, const char *path)
{
	void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	int (*call)(const char *) = h ? (int (*)(const char *))dlsym(h, "odc_site_open") : NULL;

	if (!call) {
		fprintf(stderr, "odc_site: %s\n", dlerror());
		return 2;
	}
	printf("%s %p %d\n", lib, (void *)call, call(path));
	return dlclose(h) ? 2 : 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "main") == 0)
		return printf("%d\n", site_main(argv[2])) < 0;
	if (argc == 3 && strcmp(argv[1], "lib") == 0)
		return printf("%d\n", odc_site_open(argv[2])) < 0;
	if (argc == 4 && strcmp(argv[1], "threads") == 0) {
		site_path = argv[3];
		return site_threads(atoi(argv[2]));
	}
	if (argc == 5 && strcmp(argv[1], "reload") == 0)
		return site_reload(argv[2], argv[4]) || site_reload(argv[3], argv[4]);
	fprintf(stderr, "usage: odc_site main|lib PATH | threads N PATH | reload LIB1 LIB2 PATH\n");
	return 2;
}
