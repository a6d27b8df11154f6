# logd_stuck.py fill|idle|stream PATH: a socket at PATH that never reads,
# for tests/logd.sh: "fill", a datagram socket whose queue is filled up
# first (net.unix.max_dgram_qlen datagrams); "idle", one with room; "stream", a listening stream socket, of
# the wrong type for /dev/log.
import os
import signal
import socket
import sys

kind, path = sys.argv[1], sys.argv[2]
tmp = path + ".new"
if kind == "fill":
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(tmp)
    # Senders until the queue refuses a fresh one: one sender alone runs
    # out of its own send buffer before the queue is full.
    senders = []
    while True:
        w = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        w.setblocking(False)
        senders.append(w)
        sent = 0
        try:
            while True:
                w.sendto(b"x", tmp)
                sent += 1
        except BlockingIOError:
            if sent == 0:
                break
elif kind == "idle":
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(tmp)
else:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(tmp)
    s.listen(1)
os.rename(tmp, path)
signal.pause()
