/**
 * Generated from openapi.json by scripts/gen-client.ts — do not edit.
 * Regenerate with `npm run gen`; test/client.sdk.test.ts fails when this file drifts from openapi.json.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status?: string;
                            version?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: metadata store, blob store, job queue and inference process answer
         * @description Each check is `ok` or `failing: <reason>`; `details` holds what answering dependencies report about themselves (the inference process: `execution_providers`, preferred first, and `onnxruntime_version`).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status?: string;
                            checks?: {
                                [key: string]: string;
                            };
                            details?: {
                                [key: string]: {
                                    [key: string]: string | string[];
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            checks?: {
                                [key: string]: string;
                            };
                            details?: {
                                [key: string]: {
                                    [key: string]: string | string[];
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload one or more files (multipart, repeated field `files`) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        files: string[];
                        /** @description Opens every encrypted PDF of this request (anywhere in the form); they are stored decrypted. Never stored or logged */
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            files: components["schemas"]["FileRef"][];
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            files?: {
                                index: number;
                                filename: string;
                                status: number;
                                detail: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            files?: {
                                index: number;
                                filename: string;
                                status: number;
                                detail: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stored files, newest first
         * @description Cursor pagination: pass `next_cursor` back as `cursor` for the next page; it is null on the last page.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Items per page (1-200) */
                    limit?: number;
                    /** @description The `next_cursor` of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            files: components["schemas"]["FileRef"][];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** File metadata */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    file_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a file, its page images, cached analyses and ask-index entries
         * @description Jobs that used the file keep their results. Another tenant's file answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    file_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{file_id}/pages/{page_index}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The rendered page image (the coordinate space of every bbox)
         * @description PNG by default; `Accept: image/jpeg` or `image/webp` for other formats. PDF pages render at 144 dpi unless `dpi` is given; images keep their native size (EXIF orientation applied) unless `dpi` is given, which scales relative to 144. Strong ETag; `If-None-Match` answers 304.
         */
        get: {
            parameters: {
                query?: {
                    dpi?: number;
                };
                header?: never;
                path: {
                    file_id: string;
                    page_index: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Image bytes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": string;
                        "image/jpeg": string;
                        "image/webp": string;
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": components["schemas"]["ErrorDetail"];
                        "image/jpeg": components["schemas"]["ErrorDetail"];
                        "image/webp": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": components["schemas"]["ErrorDetail"];
                        "image/jpeg": components["schemas"]["ErrorDetail"];
                        "image/webp": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": components["schemas"]["HTTPValidationError"];
                        "image/jpeg": components["schemas"]["HTTPValidationError"];
                        "image/webp": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": components["schemas"]["ErrorDetail"];
                        "image/jpeg": components["schemas"]["ErrorDetail"];
                        "image/webp": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": components["schemas"]["ErrorDetail"];
                        "image/jpeg": components["schemas"]["ErrorDetail"];
                        "image/webp": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List jobs, newest first, optionally by status and operation
         * @description Cursor pagination: pass `next_cursor` back as `cursor` for the next page; it is null on the last page.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Items per page (1-200) */
                    limit?: number;
                    /** @description The `next_cursor` of the previous page */
                    cursor?: string;
                    status?: "pending" | "processing" | "completed" | "failed";
                    operation?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            jobs: components["schemas"]["JobRef"][];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{job_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending or running job
         * @description A pending job fails at once; a running one stops within seconds. Either ends `failed` with `error.type` "cancelled". Answers the current JobRef (a running job may still read `processing`). A finished job answers 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Job status */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a finished job and its result
         * @description A pending or processing job answers 409: cancel it first.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{job_id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The success body of the original endpoint, once the job is completed
         * @description 409 with `{"detail": {"status", "job_id"}}` while pending or processing; 409 with the job error when failed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The original endpoint's response body */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{job_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-Sent Events: one `job` event per JobRef change, closed after completed or failed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description text/event-stream of JobRef JSON */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage of this API key: finished jobs and pages per operation and billing profile
         * @description `from` and `to` are inclusive UTC days (YYYY-MM-DD); default the last 30 days.
         */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from?: string;
                            to?: string;
                            totals?: {
                                jobs?: number;
                                failed?: number;
                                pages?: number;
                            };
                            items?: {
                                operation?: string;
                                billing_profile?: string;
                                jobs?: number;
                                failed?: number;
                                pages?: number;
                            }[];
                            days?: {
                                day?: string;
                                jobs?: number;
                                failed?: number;
                                pages?: number;
                            }[];
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/parse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Parse a document into markdown, chunks, pages and drawable regions
         * @description `profile` `grounded` (default) runs the whole analysis; `fast` reads the text layer, blocks and reading order only (no figure/table analysis). `grounding` `regions`: one region per chunk; `ocr_lines`: one region per text line, and chunk.region_ids list the lines; `none`: no regions. The markdown has `#` headings by level, lists, tables, figures as image references to the page image with a `#xywh=` fragment, and `<!-- page N -->` at each page break; page headers and footers stay chunks but are left out of it. The analysis is cached per file content, engine version and profile.
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        /** @default "grounded" */
                        profile?: "grounded" | "fast";
                        /** @default "regions" */
                        grounding?: "none" | "regions" | "ocr_lines";
                        /** @default false */
                        include_artifacts?: boolean;
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            markdown: string;
                            doc_id?: string | null;
                            version?: string | null;
                            pages?: {
                                page_index: number;
                                width?: number | null;
                                height?: number | null;
                                image_ref?: string | null;
                                ocr_median_line_height?: number | null;
                            }[];
                            regions?: components["schemas"]["GroundingRegion"][];
                            chunks?: {
                                chunk_id: string;
                                markdown: string;
                                /** @default "text" */
                                type?: string;
                                label?: string | null;
                                display_label?: string | null;
                                page_index?: number | null;
                                region_ids?: string[];
                                bbox?: number[] | null;
                                table_html?: string | null;
                                cells?: {
                                    [key: string]: unknown;
                                }[];
                                render_grid?: {
                                    [key: string]: unknown;
                                } | null;
                                grid_row_count?: number | null;
                                grid_col_count?: number | null;
                                header_row_count?: number | null;
                                mapping_quality?: "exact" | "heuristic" | "fallback" | null;
                            }[];
                            metadata?: {
                                [key: string]: unknown;
                            };
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/layout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Detect layout components in reading order
         * @description `non_overlapping` (default): leaf components (text, headings, list items, tables, figures, captions, page headers and footers...) whose boxes never overlap. `nested`: the same leaves with their full boxes plus containers (lists → items, figure/table → caption group, table → cells).
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        /** @default "non_overlapping" */
                        mode?: "nested" | "non_overlapping";
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mode: "nested" | "non_overlapping";
                            pages: {
                                page_index: number;
                                width: number;
                                height: number;
                                components: {
                                    /** @description Stable for the same file and engine version (the block id, e.g. p0_b3) */
                                    id: string;
                                    reading_order_rank: number;
                                    type: string;
                                    /** @description [left, top, right, bottom] in page-image pixels */
                                    bbox: number[];
                                    score?: number | null;
                                    /** @description nested mode: ids of the components this container holds */
                                    children?: string[];
                                }[];
                                image_ref?: string | null;
                                ocr_median_line_height?: number | null;
                            }[];
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ocr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OCR with line-level geometry
         * @description Page text in reading order plus every line's box and polygon, in page-image pixels. Scans, photos and every image format are read by OCR (turned upright first: a page scanned sideways or upside down reads correctly, and its boxes stay on the page image the service serves).
         *
         * `mode`: `regular` (PP-OCRv4; born-digital PDF pages answer from their text layer), `classic` (Tesseract, every page OCRed), `agentic` (regular OCR of every page, then lines read with low confidence are re-read by both engines at twice the resolution and the better reading kept; the response reports `regular`).
         *
         * `language`: `auto` (default); `global` enables every installed recognizer language (Tesseract: English is installed; PP-OCRv4 reads Chinese and Latin script in both).
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        /** @default "auto" */
                        language?: "auto" | "global";
                        /** @default "regular" */
                        mode?: "regular" | "classic" | "agentic";
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            language: "auto" | "global";
                            mode: "regular" | "classic";
                            pages: {
                                page_index: number;
                                width: number;
                                height: number;
                                /** @description The page's lines in reading order, one per line */
                                text: string;
                                lines?: {
                                    /** @description Stable line id for the same file and engine version (e.g. p0_l3) */
                                    bbox_id: string;
                                    text: string;
                                    page_index: number;
                                    /** @description [left, top, right, bottom] in page-image pixels */
                                    bbox?: number[] | null;
                                    /** @description x0,y0 … x3,y3: the text's corners clockwise from its top-left, in page-image pixels (a turned scan keeps its turn here) */
                                    polygon?: number[] | null;
                                }[];
                            }[];
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tables with cell grounding
         * @description Every table of the document with its cells: text exactly as printed, grid position, row and column spans, header rows, and each cell's box in page-image pixels. A table that continues on the next pages comes back as one table (`source_page_indexes`); its cells keep their own page and box.
         *
         * `boundary_source`: `detector` (default: the service's table finder, from vector rules and cell fills or from the alignment of words), `layout` (the layout stage's table blocks), `none` (each page's text area as one table candidate).
         *
         * `detection_policy`: `strict` (default, precision first) or `liberal` (recall first). `grounding`: `cell` (default: a region per table and per cell), `table` (a region per table), `none`.
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        /** @default "detector" */
                        boundary_source?: "detector" | "layout" | "none";
                        /** @default "strict" */
                        detection_policy?: "strict" | "liberal";
                        /** @default "cell" */
                        grounding?: "none" | "table" | "cell";
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            grounding: "none" | "table" | "cell";
                            grounding_regions?: components["schemas"]["GroundingRegion"][] | null;
                            tables: {
                                /** @description The table as HTML: <thead>/<tbody>, rowspan/colspan */
                                html: string;
                                /** @description [left, top, right, bottom] in page-image pixels */
                                bbox?: number[] | null;
                                page_index?: number | null;
                                /** @description Every page a multi-page table spans */
                                source_page_indexes?: number[];
                                region_ids?: string[];
                                /** @default "table_body" */
                                region_type?: string;
                                /** @default 0 */
                                grid_row_count?: number;
                                /** @default 0 */
                                grid_col_count?: number;
                                /** @default 0 */
                                header_row_count?: number;
                                /** @default "fallback" */
                                mapping_quality?: "exact" | "heuristic" | "fallback";
                                cells?: {
                                    /** @description The cell text exactly as printed (numbers untouched) */
                                    value: string;
                                    text?: string | null;
                                    html?: string | null;
                                    cell_id?: string | null;
                                    row?: number | null;
                                    col?: number | null;
                                    row_index?: number | null;
                                    col_index?: number | null;
                                    page_index?: number | null;
                                    source_order?: number | null;
                                    /** @default 1 */
                                    rowspan?: number;
                                    /** @default 1 */
                                    colspan?: number;
                                    /** @default false */
                                    is_header?: boolean;
                                    /** @description [left, top, right, bottom] in page-image pixels */
                                    bbox?: number[] | null;
                                    bbox_ids?: string[];
                                    region_ids?: string[];
                                    effective_region_ids?: string[];
                                }[];
                                render_grid?: {
                                    rows: {
                                        row_index: number;
                                        /** @default false */
                                        is_header?: boolean;
                                        cells?: {
                                            cell_id: string;
                                            source_order: number;
                                            row_index: number;
                                            col_index: number;
                                            /** @default "" */
                                            value?: string;
                                            /** @default 1 */
                                            rowspan?: number;
                                            /** @default 1 */
                                            colspan?: number;
                                            /** @default false */
                                            is_header?: boolean;
                                            region_ids?: string[];
                                            effective_region_ids?: string[];
                                        }[];
                                    }[];
                                };
                            }[];
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/equations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Equations as LaTeX
         * @description Every formula of the document as LaTeX, with its box. Born-digital pages (`engine: equation_codegen`): display and inline math are found from fonts (math italic, symbol and extension fonts), glyph classes and centred numbered lines, and the LaTeX is rebuilt from glyph geometry (scripts, fractions, radicals, big operators with limits, matrices, delimiters); it is checked with KaTeX and `confidence` drops when it does not parse. Scanned pages and images (`engine: parse_fallback`): formula regions from layout, the OCR text as `source_text` and a best-effort LaTeX with low confidence.
         *
         * `boundary_source`: `detector` (default: display formulas from layout and the service's own detection, plus inline math in text lines), `layout` (the layout stage's equation blocks only), `none` (every text line is read as a formula: for crops that hold only math).
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        /** @default "detector" */
                        boundary_source?: "detector" | "layout" | "none";
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @default "equation_codegen" */
                            engine: "equation_codegen" | "parse_fallback";
                            /** @default 0 */
                            pages: number;
                            grounding_regions: components["schemas"]["GroundingRegion"][];
                            equations: {
                                equation_id: string;
                                page_index: number;
                                /**
                                 * @description The formula as LaTeX (KaTeX-compatible), without delimiters and without its equation number
                                 * @default ""
                                 */
                                latex?: string;
                                /**
                                 * @description The same area as the text layer (or OCR) reads it
                                 * @default ""
                                 */
                                source_text?: string;
                                /** @default "block" */
                                display_mode?: "inline" | "block";
                                /** @default 0 */
                                confidence?: number;
                                /** @description [left, top, right, bottom] in page-image pixels */
                                bbox?: number[] | null;
                                /** @description Ids of the words inside the formula (`<line id>_w<n>`) */
                                bbox_ids?: string[];
                                region_ids?: string[];
                                /** @description Which path produced this formula: glyph geometry (born-digital) or OCR tokens */
                                engine?: "equation_codegen" | "parse_fallback";
                                /** @description The printed equation number, e.g. `3` or `2.1`, when there is one */
                                tag?: string | null;
                            }[];
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/charts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Charts, figures and diagrams as data
         * @description Every chart, diagram and figure of the document. Charts (`kind: chart`) come back as data: `series` of points in data units read from the axes' tick labels (linear or log), the title and axis labels, and a `summary` and `insights` computed from the values. Vector charts in PDFs are read from their paths and text; charts in images and scans from colour segmentation, axis detection and OCR of the labels (values printed on the chart win).
         *
         * Flowcharts and diagrams (`kind: flowchart`/`diagram`) come back as a mermaid `flowchart TD` with their nodes and labelled edges. With `billing_profile: engineering_drawing`, drawings report title-block fields, dimensions and callouts as `insights` (`kind: engineering_diagram`). Photos and other graphics (`kind: figure`) get a description from their caption and the text that refers to them.
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @default "chart_codegen" */
                            engine: "chart_codegen" | "parse_fallback";
                            /** @default 0 */
                            pages: number;
                            grounding_regions: components["schemas"]["GroundingRegion"][];
                            items: {
                                item_id: string;
                                page_index: number;
                                /** @default "figure" */
                                kind?: "chart" | "figure" | "diagram" | "flowchart" | "engineering_diagram";
                                /** @description For charts: bar, hbar, grouped_bar, stacked_bar, line, scatter, pie, area or unknown */
                                chart_type?: string | null;
                                /** @default "" */
                                title?: string;
                                /** @default "" */
                                summary?: string;
                                /**
                                 * @description Flowcharts and diagrams as a mermaid `flowchart TD`
                                 * @default ""
                                 */
                                mermaid?: string;
                                /** @default 0 */
                                confidence?: number;
                                insights?: string[];
                                axes?: {
                                    /** @default "" */
                                    x_label?: string;
                                    /** @default "" */
                                    y_label?: string;
                                };
                                series?: {
                                    /** @default "" */
                                    name?: string;
                                    points?: {
                                        /** @description Category label as printed; null for numeric x */
                                        label?: string | null;
                                        /** @description The category label, or the x value in data units */
                                        x?: string | number | null;
                                        /** @description The value in data units (pie charts: the share in percent) */
                                        y?: string | number | null;
                                    }[];
                                }[];
                                /** @description [left, top, right, bottom] in page-image pixels */
                                bbox?: number[] | null;
                                /** @description Ids of the words inside the item (`<line id>_w<n>`) */
                                bbox_ids?: string[];
                                region_ids?: string[];
                            }[];
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/classify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Classify a document or each of its pages
         * @description The document class (invoice, receipt, contract, nda_contract, scientific_paper, report, … or `other` when nothing fits) with a calibrated confidence, page roles, the components present and identity hints (issuer, document number, date).
         *
         * `classification_scope`: `document` (one label, from a sample of at most 50 pages of longer files: `budget_limited`, `sampled_page_indexes`) or `page` (every page). `class_definitions` replaces the built-in classes with yours (label + description, scored zero-shot; a class whose label and description describe a built-in class, such as "supplier bills asking for payment", also draws on that class's phrases in every supported script and its layout cues). `verbosity: debug` adds the sampled pages' classifications.
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        /** @default "auto" */
                        input_type?: "markdown" | "image" | "pdf" | "text" | "auto";
                        /** @default "document" */
                        classification_scope?: "document" | "page";
                        class_definitions?: {
                            label: string;
                            description: string;
                        }[];
                        /** @default "none" */
                        verbosity?: "none" | "debug";
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc_class: string;
                            document_identity_hints?: {
                                [key: string]: unknown;
                            };
                            /** @default "auto" */
                            input_type?: "markdown" | "image" | "pdf" | "text" | "auto";
                            /** @default 1 */
                            page_count?: number;
                            page_dimensions?: {
                                page_index: number;
                                width: number;
                                height: number;
                            }[];
                            page_classifications?: {
                                page_index: number;
                                doc_class: string;
                                confidence?: number | null;
                                page_role?: string | null;
                                components_present?: string[] | null;
                                document_identity_hints?: {
                                    [key: string]: unknown;
                                } | null;
                            }[];
                            classification_metadata?: {
                                /** @default false */
                                budget_limited?: boolean;
                                /** @default 0 */
                                class_count?: number;
                                /** @default "document" */
                                classification_scope?: "document" | "page";
                                /** @default 1 */
                                processed_pages?: number;
                                /** @default 1 */
                                total_pages?: number;
                                sampled_page_indexes?: number[];
                                /** @default "none" */
                                verbosity?: "none" | "debug";
                            };
                            debug?: {
                                sampled_page_classifications?: {
                                    page_index: number;
                                    doc_class: string;
                                    confidence?: number | null;
                                    page_role?: string | null;
                                    components_present?: string[] | null;
                                    document_identity_hints?: {
                                        [key: string]: unknown;
                                    } | null;
                                }[];
                            } | null;
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split a packet into its documents
         * @description Where each document of a packet starts and ends (1-based inclusive pages), its class, title, confidence and the reason for the boundary (class change, page numbering restarting, a new document number or issuer, a blank separator page). Each document is also stored as its own PDF (`file_ref`), usable by every endpoint. `verbosity: debug` adds one summary line per page and the boundary scores.
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        /** @default "none" */
                        verbosity?: "none" | "debug";
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total_pages: number;
                            documents: {
                                /** @description 1-based, inclusive */
                                start_page: number;
                                /** @description 1-based, inclusive */
                                end_page: number;
                                doc_class: string;
                                confidence?: number | null;
                                title?: string | null;
                                reason?: string | null;
                                file_ref?: components["schemas"]["FileRef"] | null;
                            }[];
                            page_summaries?: {
                                [key: string]: unknown;
                            }[] | null;
                            split_metadata?: {
                                [key: string]: unknown;
                            } | null;
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/schema/auto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate an extraction schema from example documents
         * @description Reads the documents named by `file_id` (one id or several) and/or `inputs`, and proposes a SchemaV2Payload: the document class, the header fields they state (numbers, dates, amounts typed) and their line-item tables. `instructions` steer which fields matter.
         *
         * The schema is also stored as a JSON file: pass `schema_file_id` to POST /v1/extract to use it.
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input?: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        /** @description Uploaded file id, or several */
                        file_id?: string | string[] | null;
                        inputs?: components["schemas"]["InputSource"][];
                        instructions?: string | null;
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schema: {
                                doc_class: string;
                                fields?: {
                                    /** @description Result key; unique among the fields and tables of the schema. A dotted key (`seller.address`, at most 3 levels) nests in the result: `{"seller": {"address": …}}` */
                                    key: string;
                                    /** @description What the field holds: also what maps it to a known concept (e.g. "Invoice total incl. VAT") */
                                    description: string;
                                    /**
                                     * @description `date` values are ISO `YYYY-MM-DD`; a value read that is not a date gives null and a failed `date_type` check in `_validation`
                                     * @default "string"
                                     */
                                    type?: "string" | "number" | "integer" | "boolean" | "date";
                                    /**
                                     * @description Several values (e.g. parties): the result holds an array, [] when none
                                     * @default false
                                     */
                                    array?: boolean;
                                }[];
                                tables?: {
                                    key: string;
                                    /** @default "" */
                                    description?: string;
                                    /** @description The columns of one row */
                                    fields?: {
                                        /** @description Result key; unique among the fields and tables of the schema. A dotted key (`seller.address`, at most 3 levels) nests in the result: `{"seller": {"address": …}}` */
                                        key: string;
                                        /** @description What the field holds: also what maps it to a known concept (e.g. "Invoice total incl. VAT") */
                                        description: string;
                                        /**
                                         * @description `date` values are ISO `YYYY-MM-DD`; a value read that is not a date gives null and a failed `date_type` check in `_validation`
                                         * @default "string"
                                         */
                                        type?: "string" | "number" | "integer" | "boolean" | "date";
                                        /**
                                         * @description Several values (e.g. parties): the result holds an array, [] when none
                                         * @default false
                                         */
                                        array?: boolean;
                                    }[];
                                }[];
                            };
                            /** @description The schema stored as a JSON file: pass it to POST /v1/extract as `schema_file_id` */
                            schema_file_id: string;
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/extract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract the fields of a schema from a document, each with where it was read
         * @description The schema comes from `schema` (SchemaV2Payload, the `invoice_level_fields` + `line_item_structures` form, or a JSON Schema: see the member) or from `schema_file_id` (a stored JSON file holding any of these, e.g. the one POST /v1/schema/auto writes); giving both is a 422; with neither the schema is generated from the document first. The response's `schema` is always V2 (nested JSON Schema properties as dotted keys).
         *
         * Values are typed (numbers, ISO dates, booleans) and only ever read from the document. `result._grounding` maps each field path to its page, value box and regions (`grounding`: `true`/`regions`; `cell` adds table ids with cell boxes; `false`/`none` leaves it out); `result._validation` holds arithmetic and sanity checks (line amounts, subtotal + tax = total, dates, ...).
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: components["schemas"]["InputSource"];
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        /** @description SchemaV2Payload (`doc_class`, `fields`, `tables`), the invoice form (`invoice_level_fields`, `line_item_structures`), or a JSON Schema (`{"type": "object", "properties": {…}}`). Not with `schema_file_id`; with neither, the schema is generated from the document first. JSON Schema: the result uses your property names. `string`/`number`/`integer`/`boolean` properties are fields; `format` `date` or `date-time` on a string makes a `date` field (ISO `YYYY-MM-DD`); `description` (else `title`) says what a field holds. A nested object's properties nest in the result the same way (at most 3 levels; `_grounding` names them by dotted path, `seller.address`, as does the V2 schema in the response). An array of objects is a table (line items) of scalar columns; an array of scalars is an `array` field. `title`, `$schema`, `$id`, `$defs`, `$comment`, `examples`, `default`, `additionalProperties` and `required` are accepted and change nothing (every field is extracted, null when absent); a type `["T", "null"]` is T. What cannot be honoured is a 422 naming the member and why: references to other schemas, `oneOf`/`anyOf`/`allOf`, other type arrays, constraints (`enum`, `pattern`, `minimum`, …), other formats, arrays of arrays, objects or arrays inside line items, deeper nesting, empty `properties`, property names that are not identifier-like. */
                        schema?: {
                            [key: string]: unknown;
                        } | null;
                        /** @description A stored JSON schema file of yours (404 when unknown, 422 when not a schema) */
                        schema_file_id?: string | null;
                        /**
                         * @description `true`/`regions`: value boxes and regions; `cell`: table values also name their table (cell boxes); `false`/`none`: no `_grounding`
                         * @default true
                         */
                        grounding?: true | false | "none" | "regions" | "cell";
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The schema used, in V2 form (normalized, or generated when none was given) */
                            schema: {
                                doc_class: string;
                                fields?: {
                                    /** @description Result key; unique among the fields and tables of the schema. A dotted key (`seller.address`, at most 3 levels) nests in the result: `{"seller": {"address": …}}` */
                                    key: string;
                                    /** @description What the field holds: also what maps it to a known concept (e.g. "Invoice total incl. VAT") */
                                    description: string;
                                    /**
                                     * @description `date` values are ISO `YYYY-MM-DD`; a value read that is not a date gives null and a failed `date_type` check in `_validation`
                                     * @default "string"
                                     */
                                    type?: "string" | "number" | "integer" | "boolean" | "date";
                                    /**
                                     * @description Several values (e.g. parties): the result holds an array, [] when none
                                     * @default false
                                     */
                                    array?: boolean;
                                }[];
                                tables?: {
                                    key: string;
                                    /** @default "" */
                                    description?: string;
                                    /** @description The columns of one row */
                                    fields?: {
                                        /** @description Result key; unique among the fields and tables of the schema. A dotted key (`seller.address`, at most 3 levels) nests in the result: `{"seller": {"address": …}}` */
                                        key: string;
                                        /** @description What the field holds: also what maps it to a known concept (e.g. "Invoice total incl. VAT") */
                                        description: string;
                                        /**
                                         * @description `date` values are ISO `YYYY-MM-DD`; a value read that is not a date gives null and a failed `date_type` check in `_validation`
                                         * @default "string"
                                         */
                                        type?: "string" | "number" | "integer" | "boolean" | "date";
                                        /**
                                         * @description Several values (e.g. parties): the result holds an array, [] when none
                                         * @default false
                                         */
                                        array?: boolean;
                                    }[];
                                }[];
                            };
                            /** @description The schema's shape: each field -> its typed value or null (array fields: [] when none), each table key -> an array of row objects. `_grounding` (absent with grounding false/none): field path -> where the value was read. `_validation`: arithmetic and sanity checks of the values (a wrong total is flagged, never corrected). */
                            result: {
                                /** @description Field paths: `invoice_number`, `party[1]` (array fields), `line_items[2].amount` (table cells), `seller.name` (nested fields). */
                                _grounding?: {
                                    [key: string]: {
                                        page_index: number;
                                        /** @description Value box [x0, y0, x1, y1] in page pixels (the parse view's coordinates) */
                                        bbox: number[];
                                        /** @description Layout regions holding the value */
                                        region_ids: string[];
                                        /** @description `cell` grounding: the table of a table value (bbox is then its cell box) */
                                        table_id?: string;
                                        confidence: number;
                                        source: "key_value" | "table_cell" | "text" | "llm";
                                    } | {
                                        page_index: number;
                                        /** @description Value box [x0, y0, x1, y1] in page pixels (the parse view's coordinates) */
                                        bbox: number[];
                                        /** @description Layout regions holding the value */
                                        region_ids: string[];
                                        /** @description `cell` grounding: the table of a table value (bbox is then its cell box) */
                                        table_id?: string;
                                        confidence: number;
                                        source: "key_value" | "table_cell" | "text" | "llm";
                                    }[];
                                };
                                _validation?: {
                                    ok: boolean;
                                    checks: {
                                        /** @description e.g. line_amount, lines_sum_subtotal, subtotal_tax_total, tax_rate, date_sanity */
                                        check: string;
                                        ok: boolean;
                                        message: string;
                                        /** @description Result paths involved */
                                        paths: string[];
                                        expected?: number | string;
                                        found?: number | string;
                                    }[];
                                };
                                [key: string]: unknown;
                            };
                            /** @description The request's `grounding` */
                            grounding_mode: boolean | string;
                            /** @default 1 */
                            page_count?: number;
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ask": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a question about documents; the answer is quoted from them, with citations
         * @description Each document is parsed (`grounded` profile, several in parallel), cut into chunks, table rows and key-value pairs, and indexed (BM25, plus embeddings when an embedding model is served); the answer is a value or sentence taken verbatim from the documents, or "not found in the documents". `citations` name the document (`doc_id`, in the order of the inputs) and the drawable regions holding the answer, in page-image pixels; `include_grounding: false` leaves them out. The response carries a `session_id`: send it back with the same inputs in the same order (or with no inputs) to ask a follow-up, which reuses the parsed and indexed documents (its job records no pages processed, see GET /v1/usage) and may refer to the previous answer ("and its date?").
         *
         * With `execution_mode: "async"` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input?: components["schemas"]["InputSource"] | null;
                        /** @default "async" */
                        execution_mode?: "async" | "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422 */
                        page_range?: string | null;
                        /** @description Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them */
                        webhook_url?: string | null;
                        query: string;
                        inputs?: components["schemas"]["InputSource"][];
                        /** @default true */
                        include_grounding?: boolean;
                        session_id?: string | null;
                    };
                };
            };
            responses: {
                /** @description The result (sync) or a JobRef (async) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            answer: string;
                            /** @description The documents asked about, in the order of the inputs */
                            doc_ids?: string[];
                            /** @description Send it back with the same ordered inputs to ask a follow-up */
                            session_id?: string | null;
                            citations?: {
                                doc_id: string | null;
                                regions: {
                                    page_index: number;
                                    page_width: number;
                                    page_height: number;
                                    /** @description Page-image pixels of the page (page_width x page_height), origin top left */
                                    bbox: {
                                        x: number;
                                        y: number;
                                        width: number;
                                        height: number;
                                    };
                                }[];
                            }[];
                        } | components["schemas"]["JobRef"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/synthesize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Synthetic business document (generate or edit)
         * @description One business document as a real PDF (purchase order, invoice, credit note, delivery note, goods receipt, receipt, quote, bank statement, timesheet), planned from the prompt and checked before it is returned (line totals, tax per rate, currency rounding, grand total). The same prompt gives the same document.
         *
         * With `inputs`, the sources are read (parse and extract) and the related document is generated from them (an invoice from a purchase order), or, when the prompt names values to change, the source PDF is edited in place: exactly those values, in a matching font and size; `metadata.changes` says what changed where. `task` says which the service did. Only the listed members are accepted, and only `sync`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Only `sync`: these endpoints answer inline
                         * @default "sync"
                         */
                        execution_mode?: "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description What to generate or change, in plain words: document types, parties, currency, line items, quantities, prices, tax rates, mismatches */
                        prompt: string;
                        /** @description Source documents (stored files) to generate from or to edit */
                        inputs?: {
                            file_id: string;
                            /** @description What to do with this source */
                            instructions?: string | null;
                            /** @description Its role in a set, e.g. `purchase_order` */
                            role?: string | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description SynthesizeResponse */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            file: components["schemas"]["FileRef"];
                            task: "edit_document" | "generate_po" | "generate_related_document";
                            prompt: string;
                            pages?: {
                                page_index: number;
                                width: number;
                                height: number;
                                image_ref: string;
                            }[];
                            source_file_ids?: string[];
                            /** @description The plan (ledger) the document was generated from, its checks, and for edits what changed where */
                            metadata?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/synthesize/one": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Synthetic business document (one)
         * @description One business document as a real PDF (purchase order, invoice, credit note, delivery note, goods receipt, receipt, quote, bank statement, timesheet), planned from the prompt and checked before it is returned (line totals, tax per rate, currency rounding, grand total). The same prompt gives the same document.
         *
         * With `inputs`, the sources are read (parse and extract) and the related document is generated from them (an invoice from a purchase order), or, when the prompt names values to change, the source PDF is edited in place: exactly those values, in a matching font and size; `metadata.changes` says what changed where. `task` says which the service did. Only the listed members are accepted, and only `sync`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Only `sync`: these endpoints answer inline
                         * @default "sync"
                         */
                        execution_mode?: "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description What to generate or change, in plain words: document types, parties, currency, line items, quantities, prices, tax rates, mismatches */
                        prompt: string;
                        /** @description Source documents (stored files) to generate from or to edit */
                        inputs?: {
                            file_id: string;
                            /** @description What to do with this source */
                            instructions?: string | null;
                            /** @description Its role in a set, e.g. `purchase_order` */
                            role?: string | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description SynthesizeResponse */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            file: components["schemas"]["FileRef"];
                            task: "edit_document" | "generate_po" | "generate_related_document";
                            prompt: string;
                            pages?: {
                                page_index: number;
                                width: number;
                                height: number;
                                image_ref: string;
                            }[];
                            source_file_ids?: string[];
                            /** @description The plan (ledger) the document was generated from, its checks, and for edits what changed where */
                            metadata?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/synthesize/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A set of related synthetic documents (e.g. PO, invoice, goods receipt)
         * @description A planner builds the shared context and ledger (parties, identifiers, dates, lines, quantities, prices, taxes, totals) and the matching rules; the members are generated in parallel, each after the members it depends on. Every member says what it must match (`matching_against`, `matching_policy`): the fields that agree exactly and the mismatches the prompt asked for, with their values. Only the listed members are accepted, and only `sync`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Only `sync`: these endpoints answer inline
                         * @default "sync"
                         */
                        execution_mode?: "sync";
                        /** @default "standard" */
                        billing_profile?: "standard" | "engineering_drawing";
                        /** @description What to generate or change, in plain words: document types, parties, currency, line items, quantities, prices, tax rates, mismatches */
                        prompt: string;
                        /** @description Source documents (stored files) to generate from or to edit */
                        inputs?: {
                            file_id: string;
                            /** @description What to do with this source */
                            instructions?: string | null;
                            /** @description Its role in a set, e.g. `purchase_order` */
                            role?: string | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description SynthesizeSetResponse */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            prompt: string;
                            documents?: {
                                document_key: string;
                                file: components["schemas"]["FileRef"];
                                task: "edit_document" | "generate_po" | "generate_related_document";
                                prompt: string;
                                document_type?: string | null;
                                role?: string | null;
                                pages?: {
                                    page_index: number;
                                    width: number;
                                    height: number;
                                    image_ref: string;
                                }[];
                                input_file_ids?: string[];
                                source_file_ids?: string[];
                                depends_on?: string[];
                                matching_against?: string[];
                                /** @description Exactly which fields must match the documents in matching_against, and the intended mismatches with their values */
                                matching_policy?: {
                                    [key: string]: unknown;
                                };
                                metadata?: {
                                    [key: string]: unknown;
                                };
                            }[];
                            source_file_ids?: string[];
                            metadata?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tools agents can be given
         * @description One ToolDefinition per public capability of this API (processing endpoints, upload, file and job lookups), generated from the same route definitions as this document: `endpoint` is `METHOD path` as the path appears here, `mcp_name` the tool's name on the MCP server at /mcp.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tools: components["schemas"]["ToolDefinition"][];
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Find tools by words or names
         * @description The POST form of the tool list (its behaviour is not given by the spec; this is the service's decision): a filter over the same registry, answered in the same shape as GET.
         *
         * `query`: words (split on anything but letters, digits and `_`); a tool matches when every word occurs, case-insensitively, in its name, description or endpoint. `names`: exact tool names; unknown names are skipped, not an error. Both given: tools matching both. An empty body (or neither member) answers every tool. Order: the registry's, as GET.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Words; a tool matches when every word occurs in its name, description or endpoint (case-insensitive) */
                        query?: string;
                        /** @description Exact tool names; unknown names are skipped */
                        names?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tools: components["schemas"]["ToolDefinition"][];
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This API key's agents, oldest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agents: components["schemas"]["AgentCreateResponse"][];
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an agent bound to tools
         * @description Persists the agent with the ToolDefinitions of `tool_names` as they are now and answers them inline. An unknown tool name is a 422 whose `loc` is `["body", "tool_names", index]`; members beyond the listed ones are ignored, as on every endpoint except synthesize. The agent is visible only to this API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description: string;
                        /** @description The agent's system instructions (the MCP server's instructions for this agent) */
                        instructions: string;
                        /**
                         * @description Names from GET /v1/agents/tools; an unknown name is a 422 at its index. Repeated names are bound once.
                         * @default []
                         */
                        tool_names?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AgentCreateResponse"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One agent with its bound tools */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    agent_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AgentCreateResponse"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete an agent
         * @description 204 with no body; an unknown id, or another API key's agent, is 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    agent_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API key's webhook signing secret and how deliveries are signed
         * @description Each delivery is a POST of the final JobRef (JSON) with `X-Docintel-Timestamp: <unix seconds>` and `X-Docintel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<unix seconds>.<raw body>">`, keyed with this API key's webhook secret. Verify by recomputing the HMAC over the exact bytes received and comparing in constant time; refuse timestamps more than 300 s from your clock. Network errors, timeouts and 5xx answers are retried with exponential backoff (each attempt freshly signed); 2xx ends the delivery, any other status gives up.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description HMAC key of this API key's webhooks (`whsec_…`); stable while the server secret is */
                            secret: string;
                            algorithm: "HMAC-SHA256";
                            timestamp_header: string;
                            signature_header: string;
                            /** @description What the HMAC covers */
                            signed_payload: string;
                            /** @description Suggested largest clock difference to accept */
                            tolerance_seconds?: number;
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{job_id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook delivery log of a job: every attempt with its time, answer or error, and duration
         * @description `status`: `none` (no webhook_url), `pending` (job unfinished or a retry scheduled), `delivered` or `failed` (gave up).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            job_id: string;
                            webhook_url: string | null;
                            status: "none" | "pending" | "delivered" | "failed";
                            deliveries: {
                                attempt?: number;
                                /** @description Epoch seconds (with milliseconds) */
                                attempted_at?: number;
                                duration_ms?: number;
                                /** @description The receiver's HTTP status; null when it did not answer */
                                status_code?: number | null;
                                /** @description Why the attempt failed (network error, timeout, HTTP status) */
                                error?: string | null;
                                outcome?: "delivered" | "retrying" | "failed";
                            }[];
                        };
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HTTPValidationError"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Exactly one content member (file_id, pdf_base64, image_base64, markdown, text) must be set. */
        InputSource: {
            /** @description Identifier of an uploaded file */
            file_id?: string | null;
            /** @description Name of inline content */
            filename?: string | null;
            /** @description Inline image, base64 */
            image_base64?: string | null;
            /** @description Inline PDF, base64 */
            pdf_base64?: string | null;
            /** @description Inline markdown */
            markdown?: string | null;
            /** @description Inline plain text */
            text?: string | null;
            /** @description Password of an encrypted `pdf_base64`; the PDF is stored decrypted, the password is never stored or logged */
            password?: string | null;
        };
        FileRef: {
            file_id: string;
            filename: string;
            size_bytes: number;
            created_at: number;
            content_type?: string | null;
            /** @default 1 */
            page_count?: number;
        };
        JobRef: {
            job_id: string;
            operation: string;
            status: "pending" | "processing" | "completed" | "failed";
            execution_mode: "async" | "sync";
            created_at: number;
            updated_at: number;
            progress?: {
                done?: number;
                total?: number;
                unit?: "pages";
            };
            error?: {
                type?: string;
                msg?: string;
            };
            result_url?: string;
        };
        ValidationError: {
            loc: (string | number)[];
            msg: string;
            type: string;
        };
        HTTPValidationError: {
            detail?: components["schemas"]["ValidationError"][];
        };
        /** @description Error body: `detail` is a message, or an object for job conflicts (409). */
        ErrorDetail: {
            detail: unknown;
            request_id?: string;
        };
        GroundingRegion: {
            region_id: string;
            page_index: number;
            shape: {
                type: "bbox";
                x: number;
                y: number;
                w: number;
                h: number;
            };
            label?: string | null;
            display_label?: string | null;
        };
        ToolDefinition: {
            name: string;
            description: string;
            /** @description `METHOD path`, as the path appears in this document */
            endpoint?: string | null;
            /** @description The tool's name on the MCP server at /mcp */
            mcp_name?: string | null;
        };
        AgentCreateResponse: {
            agent_id: string;
            name: string;
            description: string;
            instructions: string;
            /** @description Epoch seconds */
            created_at: number;
            /** @description The tools bound at creation, in the order named */
            tools?: components["schemas"]["ToolDefinition"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
