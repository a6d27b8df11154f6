/*
 * The reference for the cost of preloading any library at all: nothing but
 * what -shared -fPIC puts in every shared object.
 */
