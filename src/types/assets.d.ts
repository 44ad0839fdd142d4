// Files webpack emits as they are (Gatsby's asset rules): importing one gives its public URL.
declare module '*.woff2' {
  const url: string;
  export default url;
}
