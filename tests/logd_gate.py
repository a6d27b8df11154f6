# logd_gate.py PATH DIR: a /dev/log at PATH that reads nothing until DIR/go
# exists (so that its queue fills and senders lose lines), then takes what
# was queued, makes DIR/drained, and takes one more line within 10 s; each
# line it took goes to DIR/out, one per line.
import os
import socket
import sys
import time

path, d = sys.argv[1], sys.argv[2]
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(path + ".new")
os.rename(path + ".new", path)
while not os.path.exists(os.path.join(d, "go")):
    time.sleep(0.01)
with open(os.path.join(d, "out"), "wb") as out:
    s.setblocking(False)
    try:
        while True:
            out.write(s.recv(65536) + b"\n")
    except BlockingIOError:
        pass
    open(os.path.join(d, "drained"), "w").close()
    s.settimeout(10)
    out.write(s.recv(65536) + b"\n")
