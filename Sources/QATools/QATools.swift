// QA tooling for programs built on MaterialFields and XftHost: scripted sessions on a virtual
// clock, screenshots compared with golden images, and the fonts a rendering used.
