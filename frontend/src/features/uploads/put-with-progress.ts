/** PUTs a file to a presigned URL with XHR, because fetch cannot report upload progress. */
export function putWithProgress(url: string, file: Blob, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    if (file.type) xhr.setRequestHeader("Content-Type", file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText || "Non 2xx"}`));
      }
    };
    xhr.onerror = () => reject(new Error(navigator.onLine ? "Network error during upload" : "No Internet connection"));
    xhr.send(file);
  });
}
