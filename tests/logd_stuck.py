# logd_stuck.py fill|idle|stream PATH: a socket at PATH that never reads,
# for tests/logd.sh: "fill", a datagram socket whose queue is filled up
# first; "idle", one with room; "stream", a listening stream socket, of
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
    w = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    w.setblocking(False)
    try:
        while True:
            w.sendto(b"x" * 512, tmp)
    except BlockingIOError:
        pass
elif kind == "idle":
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(tmp)
else:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(tmp)
    s.listen(1)
os.rename(tmp, path)
signal.pause()
