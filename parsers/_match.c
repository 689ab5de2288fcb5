/* The recognition kernel: the catalogue's anchored patterns run over a logger's
 * records in one compiled pass, the first entry that matches a record winning.
 *
 * parsers/kernel.py compiles each entry's exact pattern (the Rust-regex dialect
 * Polars runs) to a small backtracking program; this file only runs them.  A
 * backtracking match explores alternatives in priority order, so its captures are
 * the leftmost-first captures Rust's regex crate reports.  Where this kernel could
 * disagree with the regex crate it does not decide: a record whose text holds a
 * non-ASCII byte (the crate's \d \w \s are Unicode classes), a match that runs
 * past its step budget, or an entry whose pattern did not compile is returned as
 * DEFER and recognised by the Polars path instead.
 *
 * A program is an int32 array of 4-word instructions (op, a, b, c); classes are
 * 32-byte bitmaps, literals one byte blob.
 */
#define _GNU_SOURCE  /* memmem */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

enum {
    OP_MATCH = 0, OP_STR = 1, OP_CLASS = 2, OP_ANY = 3, OP_SPLIT = 4, OP_JMP = 5,
    OP_SAVE = 6, OP_BOL = 7, OP_EOL = 8, OP_RUN = 9, OP_LAZY = 10,
};

#define NO_MATCH (-1)
#define DEFER (-2)
#define STEP_BUDGET 200000
#define DEPTH_LIMIT 20000
#define TRAIL_MAX 4096
#define BLOOM_FROM 6

typedef struct {
    int32_t *code;
    Py_ssize_t ncode;      /* instructions */
    uint8_t *classes;      /* 32 bytes each */
    Py_ssize_t nclasses;
    uint8_t *lits;
    Py_ssize_t nlits;
    int nslots;            /* 2 per capture group */
    int16_t *next;         /* per instruction: the byte the rest must start with, or -1 */
} Prog;

typedef struct {
    Prog msg;
    Prog cont;
    int has_msg;           /* 0: the pattern did not compile: records reaching it defer */
    int has_cont;
    uint64_t bloom[4];     /* bigrams of the required literals */
    uint8_t **req;         /* required literals (a record must hold each) */
    Py_ssize_t *req_len;
    Py_ssize_t nreq;
} Entry;

typedef struct {
    PyObject_HEAD
    Entry *entries;
    Py_ssize_t n;
    int stride;            /* capture slots per record: max over entries of msg + cont slots */
} MatcherObject;

typedef struct {
    const Prog *p;
    const uint8_t *s;
    Py_ssize_t n;
    int32_t *caps;
    long steps;
    int depth;
    int32_t trail[2 * TRAIL_MAX];  /* (slot, old value) of each SAVE since the choice points */
    int ntrail;
} Ctx;

static inline int in_class(const uint8_t *cls, uint8_t c) { return (cls[c >> 3] >> (c & 7)) & 1; }

/* memcmp for the short runs most literals are (a call costs more than the loop) */
static inline int same(const uint8_t *a, const uint8_t *b, int32_t k)
{
    if (k > 16) return memcmp(a, b, (size_t)k) == 0;
    for (int32_t i = 0; i < k; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static inline void undo(Ctx *x, int mark)
{
    while (x->ntrail > mark) {
        x->ntrail--;
        x->caps[x->trail[2 * x->ntrail]] = x->trail[2 * x->ntrail + 1];
    }
}

/* 1: match, 0: none, -1: over budget (the caller defers).  A failed branch undoes the
 * captures it set (the trail), so the captures of the match are those of its own path. */
static int run(Ctx *x, Py_ssize_t pc, Py_ssize_t pos)
{
    const Prog *p = x->p;
    const uint8_t *s = x->s;
    const Py_ssize_t n = x->n;
    int r;
    if (++x->depth > DEPTH_LIMIT) return -1;
    for (;;) {
        if (--x->steps < 0) { r = -1; goto out; }
        const int32_t *in = p->code + 4 * pc;
        switch (in[0]) {
        case OP_MATCH:
            r = 1; goto out;
        case OP_STR:
            if (n - pos < in[2] || !same(s + pos, p->lits + in[1], in[2])) { r = 0; goto out; }
            pos += in[2]; pc++;
            break;
        case OP_CLASS:
            if (pos >= n || !in_class(p->classes + 32 * in[1], s[pos])) { r = 0; goto out; }
            pos++; pc++;
            break;
        case OP_ANY:
            if (pos >= n || s[pos] == '\n') { r = 0; goto out; }
            pos++; pc++;
            break;
        case OP_SPLIT: {
            int mark = x->ntrail;
            r = run(x, in[1], pos);
            if (r != 0) goto out;
            undo(x, mark);
            pc = in[2];
            break;
        }
        case OP_JMP:
            pc = in[1];
            break;
        case OP_SAVE:
            if (x->ntrail >= TRAIL_MAX) { r = -1; goto out; }
            x->trail[2 * x->ntrail] = in[1];
            x->trail[2 * x->ntrail + 1] = x->caps[in[1]];
            x->ntrail++;
            x->caps[in[1]] = (int32_t)pos;
            pc++;
            break;
        case OP_BOL:
            if (pos != 0) { r = 0; goto out; }
            pc++;
            break;
        case OP_EOL:
            if (pos != n) { r = 0; goto out; }
            pc++;
            break;
        case OP_RUN: { /* greedy run of one class (a < 0: any but \n), b..c times (c < 0: no bound) */
            const uint8_t *cls = in[1] >= 0 ? p->classes + 32 * in[1] : NULL;
            int next = p->next[pc], mark = x->ntrail;
            Py_ssize_t k = 0, lim = n - pos;
            if (in[3] >= 0 && in[3] < lim) lim = in[3];
            if (cls) while (k < lim && in_class(cls, s[pos + k])) k++;
            else while (k < lim && s[pos + k] != '\n') k++;
            for (; k >= in[2]; k--) {
                /* the rest must start with byte `next`: try only where it stands */
                if (next >= 0 && (pos + k >= n || s[pos + k] != next)) continue;
                r = run(x, pc + 1, pos + k);
                if (r != 0) goto out;
                undo(x, mark);
            }
            r = 0; goto out;
        }
        case OP_LAZY: { /* the same, fewest first */
            const uint8_t *cls = in[1] >= 0 ? p->classes + 32 * in[1] : NULL;
            int next = p->next[pc], mark = x->ntrail;
            Py_ssize_t k = 0;
            for (;;) {
                if (k >= in[2] && (next < 0 || (pos + k < n && s[pos + k] == next))) {
                    r = run(x, pc + 1, pos + k);
                    if (r != 0) goto out;
                    undo(x, mark);
                }
                if (pos + k >= n || (in[3] >= 0 && k >= in[3])) { r = 0; goto out; }
                if (cls ? !in_class(cls, s[pos + k]) : s[pos + k] == '\n') { r = 0; goto out; }
                k++;
            }
        }
        default:
            r = -1; goto out;
        }
    }
out:
    x->depth--;
    return r;
}

/* Match prog anchored on s[0..n); caps gets its slots (-1: group not taken). */
static int match(const Prog *p, const uint8_t *s, Py_ssize_t n, int32_t *caps)
{
    static _Thread_local Ctx x;
    x.p = p; x.s = s; x.n = n; x.caps = caps; x.steps = STEP_BUDGET; x.depth = 0; x.ntrail = 0;
    for (int i = 0; i < p->nslots; i++) caps[i] = -1;
    return run(&x, 0, 0);
}

static inline unsigned bigram(uint8_t a, uint8_t b)
{
    return (((unsigned)a | ((unsigned)b << 8)) * 0x9E3779B1u) >> 24;  /* Fibonacci hashing */
}

static void bloom_of(const uint8_t *s, Py_ssize_t n, uint64_t out[4])
{
    out[0] = out[1] = out[2] = out[3] = 0;
    for (Py_ssize_t i = 0; i + 1 < n; i++) {
        unsigned h = bigram(s[i], s[i + 1]);
        out[h >> 6] |= (uint64_t)1 << (h & 63);
    }
}

static int is_ascii(const uint8_t *s, Py_ssize_t n)
{
    uint64_t acc = 0, w;
    Py_ssize_t i = 0;
    for (; i + 8 <= n; i += 8) {  /* eight bytes a step */
        memcpy(&w, s + i, 8);
        acc |= w;
    }
    for (; i < n; i++) acc |= s[i];
    return (acc & 0x8080808080808080ull) == 0;
}

static void free_prog(Prog *p)
{
    PyMem_Free(p->code);
    PyMem_Free(p->classes);
    PyMem_Free(p->lits);
    PyMem_Free(p->next);
    memset(p, 0, sizeof *p);
}

static void free_entries(MatcherObject *self)
{
    if (!self->entries) return;
    for (Py_ssize_t i = 0; i < self->n; i++) {
        Entry *e = &self->entries[i];
        free_prog(&e->msg);
        free_prog(&e->cont);
        for (Py_ssize_t j = 0; j < e->nreq; j++) PyMem_Free(e->req[j]);
        PyMem_Free(e->req);
        PyMem_Free(e->req_len);
    }
    PyMem_Free(self->entries);
    self->entries = NULL;
    self->n = 0;
}

static void *copy_bytes(PyObject *b, Py_ssize_t *len)
{
    char *data;
    if (PyBytes_AsStringAndSize(b, &data, len) < 0) return NULL;
    void *out = PyMem_Malloc(*len ? (size_t)*len : 1);
    if (!out) { PyErr_NoMemory(); return NULL; }
    memcpy(out, data, (size_t)*len);
    return out;
}

/* prog: None or (code: bytes of int32, classes: bytes, lits: bytes, nslots: int) */
static int load_prog(PyObject *t, Prog *p, int *has)
{
    memset(p, 0, sizeof *p);
    *has = 0;
    if (t == Py_None) return 0;
    PyObject *code, *classes, *lits;
    int nslots;
    if (!PyArg_ParseTuple(t, "SSSi", &code, &classes, &lits, &nslots)) return -1;
    Py_ssize_t len;
    if (!(p->code = copy_bytes(code, &len))) return -1;
    if (len % 16) { PyErr_SetString(PyExc_ValueError, "program length is not a multiple of 16"); return -1; }
    p->ncode = len / 16;
    if (!(p->classes = copy_bytes(classes, &p->nclasses))) return -1;
    p->nclasses /= 32;
    if (!(p->lits = copy_bytes(lits, &p->nlits))) return -1;
    p->nslots = nslots;
    /* operands must stay inside the program: a bad one would read out of bounds */
    for (Py_ssize_t i = 0; i < p->ncode; i++) {
        int32_t *in = p->code + 4 * i;
        int ok = 1;
        switch (in[0]) {
        case OP_MATCH: case OP_ANY: case OP_BOL: case OP_EOL: break;
        case OP_STR: ok = in[1] >= 0 && in[2] >= 0 && in[1] + (Py_ssize_t)in[2] <= p->nlits; break;
        case OP_CLASS: ok = in[1] >= 0 && in[1] < p->nclasses; break;
        case OP_SPLIT: ok = in[1] >= 0 && in[1] < p->ncode && in[2] >= 0 && in[2] < p->ncode; break;
        case OP_JMP: ok = in[1] >= 0 && in[1] < p->ncode; break;
        case OP_SAVE: ok = in[1] >= 0 && in[1] < nslots; break;
        case OP_RUN: case OP_LAZY:
            ok = in[1] < p->nclasses && in[2] >= 0 && i + 1 < p->ncode; break;
        default: ok = 0;
        }
        if (!ok) { PyErr_Format(PyExc_ValueError, "bad instruction %zd", i); return -1; }
    }
    if (p->ncode == 0) { PyErr_SetString(PyExc_ValueError, "empty program"); return -1; }
    /* after a run, the rest of the match starts with the first byte of a literal when
     * only captures (which consume nothing) stand between them */
    p->next = PyMem_Malloc((size_t)p->ncode * sizeof(int16_t));
    if (!p->next) { PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < p->ncode; i++) {
        p->next[i] = -1;
        if (p->code[4 * i] != OP_RUN && p->code[4 * i] != OP_LAZY) continue;
        Py_ssize_t j = i + 1;
        while (j < p->ncode && p->code[4 * j] == OP_SAVE) j++;
        if (j < p->ncode && p->code[4 * j] == OP_STR && p->code[4 * j + 2] > 0)
            p->next[i] = p->lits[p->code[4 * j + 1]];
    }
    *has = 1;
    return 0;
}

/* Matcher(entries): entries is a list of (msg_prog, cont_prog, required_literals),
 * msg_prog None for an entry whose pattern did not compile. */
static int Matcher_init(MatcherObject *self, PyObject *args, PyObject *kw)
{
    (void)kw;
    PyObject *list;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &list)) return -1;
    free_entries(self);
    Py_ssize_t n = PyList_GET_SIZE(list);
    self->entries = PyMem_Calloc(n ? (size_t)n : 1, sizeof(Entry));
    if (!self->entries) { PyErr_NoMemory(); return -1; }
    self->n = n;
    self->stride = 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        Entry *e = &self->entries[i];
        PyObject *item = PyList_GET_ITEM(list, i), *mp, *cp, *req;
        if (!PyArg_ParseTuple(item, "OOO!", &mp, &cp, &PyTuple_Type, &req)) return -1;
        if (load_prog(mp, &e->msg, &e->has_msg) < 0) return -1;
        if (load_prog(cp, &e->cont, &e->has_cont) < 0) return -1;
        e->nreq = PyTuple_GET_SIZE(req);
        e->req = PyMem_Calloc(e->nreq ? (size_t)e->nreq : 1, sizeof(uint8_t *));
        e->req_len = PyMem_Calloc(e->nreq ? (size_t)e->nreq : 1, sizeof(Py_ssize_t));
        if (!e->req || !e->req_len) { PyErr_NoMemory(); return -1; }
        for (Py_ssize_t j = 0; j < e->nreq; j++) {
            if (!(e->req[j] = copy_bytes(PyTuple_GET_ITEM(req, j), &e->req_len[j]))) return -1;
            for (Py_ssize_t k = 0; k + 1 < e->req_len[j]; k++) {
                unsigned h = bigram(e->req[j][k], e->req[j][k + 1]);
                e->bloom[h >> 6] |= (uint64_t)1 << (h & 63);
            }
        }
        int slots = e->msg.nslots + e->cont.nslots;
        if (slots > self->stride) self->stride = slots;
    }
    return 0;
}

static void Matcher_dealloc(MatcherObject *self)
{
    free_entries(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

#include "views.h"

static int holds(const uint8_t *s, Py_ssize_t n, const uint8_t *lit, Py_ssize_t k)
{
    if (k == 0) return 1;
    if (k > n) return 0;
    const uint8_t *end = s + n - k + 1, *at = s;
    while (at < end) {
        at = memchr(at, lit[0], (size_t)(end - at));
        if (!at) return 0;
        if (memcmp(at + 1, lit + 1, (size_t)(k - 1)) == 0) return 1;
        at++;
    }
    return 0;
}

/* run(n, msg_valid, msg_views, msg_datas, cont_valid, cont_views, cont_datas,
 *     out_entry, out_caps)
 * The entries are tried in the order Matcher() was given them (catalogue order).
 * out_entry (int32, n): the index of the entry that took the record, -1 none, -2 defer
 *   (kernel.NO_MATCH, kernel.DEFER);  out_caps (int32, n * stride): that entry's slots (message, then
 *   continuation line), byte offsets, -1 for a group not taken. */
static PyObject *Matcher_run(MatcherObject *self, PyObject *args)
{
    PyObject *mv, *mw, *md, *cv, *cw, *cd, *oe, *oc;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "nOOOOOOOO", &n, &mv, &mw, &md, &cv, &cw, &cd, &oe, &oc))
        return NULL;
    Py_buffer out_e = {0}, out_c = {0};
    Strings msg, cont;
    memset(&msg, 0, sizeof msg);
    memset(&cont, 0, sizeof cont);
    PyObject *result = NULL;
    if (get_strings(n, mv, mw, md, &msg, 1) < 0) goto done;
    if (get_strings(n, cv, cw, cd, &cont, 1) < 0) goto done;
    if (PyObject_GetBuffer(oe, &out_e, PyBUF_WRITABLE) < 0) goto done;
    if (PyObject_GetBuffer(oc, &out_c, PyBUF_WRITABLE) < 0) goto done;
    if (out_e.len < n * (Py_ssize_t)sizeof(int32_t) || out_c.len < n * self->stride * (Py_ssize_t)sizeof(int32_t)) {
        PyErr_SetString(PyExc_ValueError, "output buffers too short");
        goto done;
    }
    int32_t *entry_out = out_e.buf, *caps_out = out_c.buf;
    int stride = self->stride;
    /* the bigram filter pays where a logger has many entries; a few are tested directly */
    int use_bloom = self->n > BLOOM_FROM;

    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t r = 0; r < n; r++) {
        int32_t *caps = caps_out + (Py_ssize_t)stride * r;
        int32_t verdict = NO_MATCH;  /* caps are read only for the entry that matched */
        if (!present(&msg, r)) { entry_out[r] = NO_MATCH; continue; }
        Py_ssize_t len = view_len(&msg, r);
        const uint8_t *s = view_data(&msg, r, (int32_t)len);
        if (!is_ascii(s, len)) { entry_out[r] = DEFER; continue; }
        int has_cont = present(&cont, r);
        Py_ssize_t clen = has_cont ? view_len(&cont, r) : 0;
        const uint8_t *c = has_cont ? view_data(&cont, r, (int32_t)clen) : NULL;
        int cont_ascii = -1;  /* tested when an entry first needs it */
        uint64_t bl[4];
        if (use_bloom) bloom_of(s, len, bl);
        for (Py_ssize_t k = 0; k < self->n; k++) {
            const Entry *e = &self->entries[k];
            if (use_bloom &&
                ((e->bloom[0] & ~bl[0]) | (e->bloom[1] & ~bl[1]) | (e->bloom[2] & ~bl[2]) | (e->bloom[3] & ~bl[3])))
                continue;
            int ok = 1;
            for (Py_ssize_t j = 0; ok && j < e->nreq; j++) ok = holds(s, len, e->req[j], e->req_len[j]);
            if (!ok) continue;
            if (!e->has_msg) { verdict = DEFER; break; }
            if (e->has_cont && !has_cont) continue;  /* the entry needs a continuation line */
            int m = match(&e->msg, s, len, caps);
            if (m < 0) { verdict = DEFER; break; }
            if (m == 0) continue;
            if (e->has_cont) {
                if (cont_ascii < 0) cont_ascii = is_ascii(c, clen);
                if (!cont_ascii) { verdict = DEFER; break; }
                int mc = match(&e->cont, c, clen, caps + e->msg.nslots);
                if (mc < 0) { verdict = DEFER; break; }
                if (mc == 0) continue;
            }
            verdict = (int32_t)k;
            break;
        }
        entry_out[r] = verdict;
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
done:
    release(&msg);
    release(&cont);
    if (out_e.obj) PyBuffer_Release(&out_e);
    if (out_c.obj) PyBuffer_Release(&out_c);
    return result;
}

/* cut(n, valid, views, datas, rows, caps, stride, slot) -> (views, validity or None, nulls)
 * Group ``slot/2``'s capture of each of ``rows`` (int64) of a string-view array, as the
 * views of a new string-view array over the same data buffers: no text is copied.
 * caps (int32, len(rows) x stride): the kernel's slots of those rows, in the same order. */
static PyObject *cut(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *v, *w, *d, *rows_o, *caps_o;
    Py_ssize_t n, stride, slot;
    if (!PyArg_ParseTuple(args, "nOOOOOnn", &n, &v, &w, &d, &rows_o, &caps_o, &stride, &slot)) return NULL;
    Strings src;
    Py_buffer rows = {0}, caps = {0};
    PyObject *views = NULL, *valid = NULL, *result = NULL;
    if (get_strings(n, v, w, d, &src, 0) < 0) goto done;
    if (PyObject_GetBuffer(rows_o, &rows, PyBUF_SIMPLE) < 0) goto done;
    if (PyObject_GetBuffer(caps_o, &caps, PyBUF_SIMPLE) < 0) goto done;
    Py_ssize_t m = rows.len / (Py_ssize_t)sizeof(int64_t);
    if (slot < 0 || slot + 1 >= stride || caps.len < m * stride * (Py_ssize_t)sizeof(int32_t)) {
        PyErr_SetString(PyExc_ValueError, "cut: capture slots out of range");
        goto done;
    }
    const int64_t *rw = rows.buf;
    const int32_t *cp = caps.buf;
    if (!(views = PyBytes_FromStringAndSize(NULL, 16 * m))) goto done;
    if (!(valid = PyBytes_FromStringAndSize(NULL, (m + 7) / 8))) goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(views), *vb = (uint8_t *)PyBytes_AS_STRING(valid);
    memset(out, 0, (size_t)(16 * m));
    memset(vb, 0, (size_t)((m + 7) / 8));
    Py_ssize_t nulls = 0;
    for (Py_ssize_t i = 0; i < m; i++) {
        Py_ssize_t r = rw[i];
        int32_t start = cp[i * stride + slot], end = cp[i * stride + slot + 1];
        if (r < 0 || r >= n || !present(&src, r) || !view_ok(&src, r)) {
            PyErr_SetString(PyExc_ValueError, "cut: bad row");
            goto done;
        }
        if (start < 0) { nulls++; continue; }
        int32_t len = view_len(&src, r);
        if (end < start || end > len) { PyErr_SetString(PyExc_ValueError, "cut: capture outside its text"); goto done; }
        const uint8_t *text = view_data(&src, r, len);
        int32_t k = end - start;
        uint8_t *o = out + 16 * i;
        memcpy(o, &k, 4);
        if (k <= 12) {
            memcpy(o + 4, text + start, (size_t)k);
        } else {  /* the source is longer still, so it lives in a data buffer */
            const uint8_t *sv = (const uint8_t *)src.views.buf + 16 * r;
            int32_t off;
            memcpy(o + 4, text + start, 4);
            memcpy(o + 8, sv + 8, 4);
            memcpy(&off, sv + 12, 4);
            off += start;
            memcpy(o + 12, &off, 4);
        }
        vb[i >> 3] |= (uint8_t)(1u << (i & 7));
    }
    result = Py_BuildValue("(OOn)", views, nulls ? valid : Py_None, nulls);
done:
    release(&src);
    if (rows.obj) PyBuffer_Release(&rows);
    if (caps.obj) PyBuffer_Release(&caps);
    Py_XDECREF(views);
    Py_XDECREF(valid);
    return result;
}

static PyObject *Matcher_stride(MatcherObject *self, void *closure) { (void)closure; return PyLong_FromLong(self->stride); }

static PyMethodDef Matcher_methods[] = {
    {"run", (PyCFunction)Matcher_run, METH_VARARGS, "Match a logger's records against entries in order."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Matcher_getset[] = {
    {"stride", (getter)Matcher_stride, NULL, "capture slots per record", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject MatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "kafka_forensics.parsers._match.Matcher",
    .tp_basicsize = sizeof(MatcherObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Matcher_init,
    .tp_dealloc = (destructor)Matcher_dealloc,
    .tp_methods = Matcher_methods,
    .tp_getset = Matcher_getset,
    .tp_doc = "Compiled catalogue patterns (see parsers/kernel.py).",
};

static PyMethodDef module_methods[] = {
    {"cut", cut, METH_VARARGS, "Captures as string views over the source's buffers."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_match", "The recognition kernel (see parsers/kernel.py).", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__match(void)
{
    if (PyType_Ready(&MatcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Matcher", (PyObject *)&MatcherType) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
