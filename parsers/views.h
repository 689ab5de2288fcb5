/* Arrow string views as the C parts read them (parsers/_match.c, parsers/_layout.c):
 * the columns parsers/kernel.py's Views exports from Polars without a copy. */
#ifndef KF_VIEWS_H
#define KF_VIEWS_H

#include <Python.h>
#include <stdint.h>
#include <string.h>

/* An Arrow string-view array (Polars' own layout, exported without a copy): 16-byte
 * views (length; then up to 12 bytes inline, or a 4-byte prefix, a data buffer's index
 * and an offset into it), a validity bitmap or None, and the data buffers. */
typedef struct {
    Py_ssize_t n;
    Py_buffer views, valid;
    int has_valid;
    Py_buffer *datas;
    Py_ssize_t ndatas;
} Strings;

static void release(Strings *s)
{
    if (s->views.obj) PyBuffer_Release(&s->views);
    if (s->has_valid && s->valid.obj) PyBuffer_Release(&s->valid);
    for (Py_ssize_t i = 0; i < s->ndatas; i++)
        if (s->datas[i].obj) PyBuffer_Release(&s->datas[i]);
    PyMem_Free(s->datas);
    memset(s, 0, sizeof *s);
}

static inline int32_t view_len(const Strings *s, Py_ssize_t i)
{
    int32_t len;
    memcpy(&len, (const uint8_t *)s->views.buf + 16 * i, 4);
    return len;
}

static inline const uint8_t *view_data(const Strings *s, Py_ssize_t i, int32_t len)
{
    const uint8_t *v = (const uint8_t *)s->views.buf + 16 * i;
    if (len <= 12) return v + 4;
    int32_t buf, off;
    memcpy(&buf, v + 8, 4);
    memcpy(&off, v + 12, 4);
    return (const uint8_t *)s->datas[buf].buf + off;
}

/* Does view i stay inside its data buffer?  A bad one would read out of bounds. */
static int view_ok(const Strings *s, Py_ssize_t i)
{
    int32_t len = view_len(s, i), buf, off;
    if (len < 0) return 0;
    if (len <= 12) return 1;
    memcpy(&buf, (const uint8_t *)s->views.buf + 16 * i + 8, 4);
    memcpy(&off, (const uint8_t *)s->views.buf + 16 * i + 12, 4);
    return buf >= 0 && buf < s->ndatas && off >= 0 && (Py_ssize_t)off + len <= s->datas[buf].len;
}

/* check_all: test every view now (else the caller tests those it reads) */
static int get_strings(Py_ssize_t n, PyObject *valid, PyObject *views, PyObject *datas, Strings *s,
                       int check_all)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    if (n < 0) { PyErr_SetString(PyExc_ValueError, "negative length"); return -1; }
    if (!PyList_Check(datas)) { PyErr_SetString(PyExc_TypeError, "data buffers: a list"); return -1; }
    if (PyObject_GetBuffer(views, &s->views, PyBUF_SIMPLE) < 0) return -1;
    if (valid != Py_None) {
        if (PyObject_GetBuffer(valid, &s->valid, PyBUF_SIMPLE) < 0) return -1;
        s->has_valid = 1;
        if (s->valid.len * 8 < n) { PyErr_SetString(PyExc_ValueError, "validity bitmap too short"); return -1; }
    }
    if (s->views.len < 16 * n) { PyErr_SetString(PyExc_ValueError, "views buffer too short"); return -1; }
    Py_ssize_t nd = PyList_GET_SIZE(datas);
    s->datas = PyMem_Calloc(nd ? (size_t)nd : 1, sizeof(Py_buffer));
    if (!s->datas) { PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < nd; i++) {
        if (PyObject_GetBuffer(PyList_GET_ITEM(datas, i), &s->datas[i], PyBUF_SIMPLE) < 0) return -1;
        s->ndatas = i + 1;
    }
    if (check_all)
        for (Py_ssize_t i = 0; i < n; i++)
            if (!view_ok(s, i)) goto bad;
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "a string view points outside its data buffers");
    return -1;
}

static inline int present(const Strings *s, Py_ssize_t i)
{
    return !s->has_valid || ((((const uint8_t *)s->valid.buf)[i >> 3] >> (i & 7)) & 1);
}

/* Does s hold lit?  Messages are short: the first byte by memchr, then a compare, beats
 * memmem's set-up on every call. */

#endif
